import type { MikroORM } from '@mikro-orm/postgresql';
import { AppError } from '../../errors/app-error';
import type { Config } from '../../infra/config';
import type { Logger } from '../../infra/logger';
import { redactDeep } from '../../infra/redact';
import type { PlatformCaller } from '../../platforms/core/caller';
import type { JobAccount, WriteOperation } from '../../platforms/core/write-operation';
import type { CurrentBudgets, PlatformWriteSafety, SpendEffect } from '../../platforms/core/write-safety';
import type { AuditedWrite, AuditRecorder, FieldValues, WriteSurface } from '../audit/audit-types';
import type { AuthContext } from '../identity/auth-context';
import type { JobsService, SubmitCaller, SubmitResult } from '../jobs/jobs.service';
import { JobSql } from '../jobs/job-sql';
import { jobOwner } from '../jobs/job-owner';
import { holdsRequest, jobRequestHash } from '../jobs/idempotency';
import type { CreateLookupSettings } from '../jobs/create-lookup-setting';
import { ConfirmTokens, type ConfirmBinding } from './confirm-token';
import { dryRun, type PlannedRequest } from './dry-run';
import { checkGuardrails, needsCurrentBudgets, type Breach, type GuardrailVerdict } from './guardrails';
import type { TenantGuardrails } from './tenant-guardrails';

/** One write as a surface hands it over: the guarded account, the operation and its params, and the request as sent. */
export interface WriteSubmission {
  auth: AuthContext;
  req?: SubmitCaller['req'];
  surface: WriteSurface;
  account: JobAccount;
  caller: PlatformCaller;
  op: WriteOperation;
  params: Record<string, unknown>;
  message: string;
  /** The request a confirmation token is bound to (the query without `dryRun`). */
  request: Omit<ConfirmBinding, 'tenantId' | 'principal'>;
  dryRun: boolean;
  /** The `Confirm` header (REST) or `confirm` argument (MCP). */
  confirmToken?: string;
  /** Ask for confirmation even where the tenant's guardrails do not (the MCP tools' safe default). */
  alwaysConfirm?: boolean;
}

/** What a dry run answers (200): what the write would send, and what the guardrails would say. */
export interface DryRunAnswer {
  valid: true;
  platformValidated: boolean;
  /** The platform request the write is named for (its last); `requests` lists every one in order. */
  request: PlannedRequest | null;
  requests: PlannedRequest[];
  warnings: string[];
  /** The confirmations the real write needs, and the token that gives them (bound to the same request without `dryRun`). */
  confirmation: { required: string[]; confirmToken?: string };
}

const breachError = (b: Breach) =>
  new AppError('GUARDRAIL_EXCEEDED', `This write breaks the tenant's ${b.rule} guardrail: ${b.field} would be ${b.value}, over the limit of ${b.limit}`, { details: [{ ...b }] });

const principalOf = (a: AuthContext): string => {
  switch (a.kind) {
    case 'external-user':
      return `external-user:${a.userId}`;
    case 'tenant-user':
      return `tenant-user:${a.tenantUserId}`;
    case 'tenant-api-key':
      return `api-key:${a.apiKeyId}`;
    default:
      return 'operator';
  }
};

/**
 * The one way a write is submitted, whatever the surface (REST routes, MCP tools, the proxy): the
 * tenant's guardrails and confirmations, dry runs, and the audit trail's decisions sit here, in
 * front of the jobs service, so no surface can skip them.
 */
export class SafeWrites {
  private readonly sql: JobSql;
  readonly tokens: ConfirmTokens;

  constructor(
    orm: MikroORM,
    private readonly deps: {
      config: Config;
      logger: Logger;
      jobs: JobsService;
      audit: AuditRecorder;
      creates: Pick<CreateLookupSettings, 'of'>;
      safetyOf(platform: string): PlatformWriteSafety;
      /** The tenant's guardrails (cached in process, dropped on every replica when they change). */
      guardrails: Pick<TenantGuardrails, 'of'>;
      /** The account's currency (the guard's cached snapshot of the account the write was guarded for). */
      currencyOf(account: JobAccount): Promise<string | null>;
    },
    tokens: ConfirmTokens,
  ) {
    this.sql = new JobSql(orm);
    this.tokens = tokens;
  }

  async submit(w: WriteSubmission): Promise<SubmitResult | { data: DryRunAnswer; status: 200; message: string }> {
    const params = this.parsed(w.op, w.params);
    const guardrails = await this.deps.guardrails.of(w.account.tenantId);
    const effect: SpendEffect = w.op.spend?.(params) ?? {};
    const safety = this.deps.safetyOf(w.account.platform);
    // Read when a rule needs it, or when the write reads it anyway: only then does the audit have a `before`.
    const read = needsCurrentBudgets(guardrails, w.op.kind, effect) || (w.op.readsCurrentBudgets === true && Boolean(effect.budgets?.length));
    const current = read ? await this.current(w, params) : undefined;
    // Only a write that sets a budget is compared in the account's currency.
    const currency = effect.budgets?.length ? await this.deps.currencyOf(w.account) : null;
    const verdict = checkGuardrails({ guardrails, kind: w.op.kind, effect, unit: safety.budgetUnit, currency, current });
    const audited = this.audited(w, effect, current);
    const binding: ConfirmBinding = { tenantId: w.account.tenantId, principal: principalOf(w.auth), ...w.request };
    const needsConfirm = verdict.confirm.length > 0 || (w.alwaysConfirm === true && w.op.kind !== 'report');
    if (w.dryRun) return this.dryRun(w, params, safety, verdict, audited, needsConfirm ? binding : undefined);
    if ((verdict.breach || needsConfirm) && (await this.isReplay(w))) return this.submitJob(w, audited);
    if (verdict.breach) {
      await this.deps.audit.decided(audited, { outcome: 'refused', detail: { ...verdict.breach } });
      throw breachError(verdict.breach);
    }
    if (needsConfirm) await this.confirmed(w, verdict, audited, binding);
    return this.submitJob(w, audited);
  }

  private submitJob(w: WriteSubmission, audited: AuditedWrite): Promise<SubmitResult> {
    return this.deps.jobs.submit(
      { auth: w.auth, req: w.req },
      {
        type: 'write',
        platform: w.account.platform,
        adAccount: w.account,
        operation: w.op.name,
        params: w.params,
        message: w.message,
        audit: { surface: w.surface, ...(audited.before ? { before: audited.before } : {}), ...(audited.after ? { after: audited.after } : {}) },
      },
    );
  }

  /**
   * A retry under the Idempotency-Key of a write already admitted (same key, same request): the jobs
   * service answers it with that job's outcome and runs nothing, so it is not refused or asked to be
   * confirmed again (its token was spent on the first send).
   */
  private async isReplay(w: WriteSubmission): Promise<boolean> {
    const raw = w.req?.headers['idempotency-key'];
    const key = Array.isArray(raw) ? raw[0] : raw;
    if (!key) return false;
    const { tenantId, ownerKey } = jobOwner(w.auth);
    const hash = jobRequestHash({ type: 'write', platform: w.account.platform, operation: w.op.name, account: w.account.platformAccountId, params: w.params });
    return holdsRequest(this.sql.execute, { tenantId, ownerKey, key, hash });
  }

  /** The same parse the worker makes, so a dry run and a refusal see exactly what the job would run with. */
  private parsed(op: WriteOperation, params: Record<string, unknown>): unknown {
    if (!op.params) return params;
    const r = op.params.safeParse(params);
    if (!r.success) {
      throw new AppError('VALIDATION_FAILED', 'Invalid write parameters', { details: r.error.issues.map((i) => ({ path: `body.${i.path.join('.')}`, message: i.message })) });
    }
    return r.data;
  }

  private async current(w: WriteSubmission, params: unknown): Promise<CurrentBudgets | undefined> {
    if (!w.op.currentBudgets) throw new AppError('INTERNAL', `${w.op.name} changes a budget but cannot read the current one`);
    return w.op.currentBudgets(w.caller, w.account, params);
  }

  private audited(w: WriteSubmission, effect: SpendEffect, current: CurrentBudgets | undefined): AuditedWrite {
    let before: FieldValues | undefined;
    let after: FieldValues | undefined;
    if (current) {
      before = {};
      after = {};
      for (const b of effect.budgets ?? []) {
        before[b.field] = current[b.field] ?? null;
        after[b.field] = b.amount;
      }
    }
    return {
      tenantId: w.account.tenantId,
      principal: w.auth,
      surface: w.surface,
      requestId: w.req?.ctx?.requestId,
      platform: w.account.platform,
      adAccountId: w.account.platformAccountId,
      operation: w.op.name,
      params: redactDeep(w.params) as Record<string, unknown>,
      ...(before ? { before, after } : {}),
    };
  }

  private async dryRun(w: WriteSubmission, params: unknown, safety: PlatformWriteSafety, verdict: GuardrailVerdict, audited: AuditedWrite, binding?: ConfirmBinding) {
    if (verdict.breach) {
      await this.deps.audit.decided(audited, { outcome: 'refused', detail: { ...verdict.breach, dryRun: true } });
      throw breachError(verdict.breach);
    }
    const createLookup = await this.deps.creates.of(w.account.tenantId);
    const run = await dryRun({ op: w.op, params, account: w.account, caller: w.caller, safety, config: this.deps.config, log: this.deps.logger, createLookup }).catch(async (e: unknown) => {
      await this.deps.audit.decided(audited, { outcome: 'dry_run', detail: { valid: false, errorCode: e instanceof AppError ? e.code : 'INTERNAL' } });
      throw e;
    });
    await this.deps.audit.decided(audited, { outcome: 'dry_run', detail: { valid: true, platformValidated: run.platformValidated, requests: run.requests.length } });
    const data: DryRunAnswer = {
      valid: true,
      platformValidated: run.platformValidated,
      request: run.requests.at(-1) ?? null,
      requests: run.requests,
      warnings: [...verdict.warnings, ...run.warnings],
      confirmation: { required: verdict.confirm, ...(binding ? { confirmToken: this.tokens.issue(binding) } : {}) },
    };
    return { data, status: 200 as const, message: 'Dry run: nothing was sent that changes anything' };
  }

  /** Goes on only with a good token for exactly this request; otherwise answers 409 with a fresh one. */
  private async confirmed(w: WriteSubmission, verdict: GuardrailVerdict, audited: AuditedWrite, binding: ConfirmBinding): Promise<void> {
    const why = verdict.confirm.length ? `The tenant asks to confirm: ${verdict.confirm.join(', ')}.` : 'Writes through this surface are confirmed before they run.';
    let refused = '';
    if (w.confirmToken) {
      const used = await this.tokens.use(w.confirmToken, binding);
      if (used.ok) return;
      refused = ` ${used.reason}`;
    }
    await this.deps.audit.decided(audited, { outcome: 'confirmation_required', detail: { actions: verdict.confirm } });
    throw new AppError('CONFIRMATION_REQUIRED', `${why}${refused} Send the same request again with the header Confirm: <error.confirmToken> within 10 minutes.`, {
      details: verdict.confirm.map((action) => ({ action })),
      confirmToken: this.tokens.issue(binding),
    });
  }
}
