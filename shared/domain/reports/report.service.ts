import type { MikroORM } from '@mikro-orm/postgresql';
import { AppError, isAppError } from '../../errors/app-error';
import type { Logger } from '../../infra/logger';
import type { CallerFor, PlatformCaller } from '../../platforms/core/caller';
import type { ReportSource, SourceRow } from '../../platforms/core/report-source';
import { platformModules } from '../../platforms';
import type { AuthContext } from '../identity/auth-context';
import type { AdAccountGuard, GuardedAccount } from '../ad-accounts/guard.service';
import { activatedAccounts, FactsCache, storedFacts, type StoredAccount } from './report-accounts';
import { accountContext, buildRows, type AccountContext } from './report-rows';
import { accountOrderKey, accountPart, pageOfReport, wholeReport, type AccountRows, type ReportPage } from './report-page';
import { decodeOffset } from './report-paging';
import type { ReportAccountError, ReportAccountId, ReportInput, ReportResult } from './report.types';

export interface ReportServiceDeps {
  orm: MikroORM;
  guard: AdAccountGuard;
  callerFor: CallerFor;
  logger: Logger;
  /** Accounts read at once (each call still passes the outbound limiter and its account's pacing). */
  concurrency: number;
}

/** Accounts a report reads at once (each call still passes the limiter and the account's pacing). */
export const REPORT_CONCURRENCY = 8;

/** The most accounts one report may name (or the caller may have activated). */
export const MAX_REPORT_ACCOUNTS = 200;
const GUARD_OP = { operationId: 'readReport', method: 'GET' };
/** Guard answers that concern the connection, not the account: the report goes on without the account. */
const ACCOUNT_LEVEL_CODES = new Set(['CONNECTION_REAUTH_REQUIRED', 'CONNECTION_SCOPE_MISSING']);

const sourceOf = (platform: string): ReportSource | undefined => (platformModules as readonly { name: string; reportSource?: ReportSource }[]).find((m) => m.name === platform)?.reportSource;

/** `fn` run once pending I/O callbacks have run (a macrotask), so requests just started go out first. */
const afterIo = <T>(fn: () => T): Promise<T> =>
  new Promise<T>((resolve, reject) =>
    setImmediate(() => {
      try {
        resolve(fn());
      } catch (err) {
        reject(err);
      }
    }),
  );

/** Runs `fn` over `items` with at most `limit` at a time, results in input order. */
async function mapBounded<T, R>(items: readonly T[], limit: number, fn: (t: T) => Promise<R>): Promise<R[]> {
  const out = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return out;
}

export function reconsentFor(platform: string, err: AppError): ReportAccountError['reconsent'] {
  const fromDetails = (err.details[0] as { reconsent?: ReportAccountError['reconsent'] } | undefined)?.reconsent;
  if (fromDetails) return fromDetails;
  if (ACCOUNT_LEVEL_CODES.has(err.code)) return { method: 'POST', path: `/api/v1/connections/${platform}/auth-url` };
  return undefined;
}

function accountError(platform: string, adAccountId: string, err: unknown): ReportAccountError {
  if (!isAppError(err)) return { platform, adAccountId, code: 'INTERNAL', message: 'The account could not be read' };
  const reconsent = reconsentFor(platform, err);
  return { platform, adAccountId, code: err.code, message: err.message, ...(reconsent ? { reconsent } : {}) };
}

/**
 * `GET /api/v1/reports` (docs/reports.md): every named (or activated) account passes the ad-account
 * guard first, and an account the guard refuses refuses the request; the accounts' platforms are then
 * read with bounded concurrency, each through its own caller, and an account that fails there (a
 * revoked token, a missing scope) is named in `errors` while the others' rows are returned.
 */
export class ReportService {
  private readonly facts = new FactsCache();

  constructor(private readonly deps: ReportServiceDeps) {}

  /** The guarded accounts of a request, in its order; the first refused one refuses it. */
  async guardedAccounts(auth: AuthContext, ids: ReportAccountId[] | undefined): Promise<{ accounts: GuardedAccount[]; errors: ReportAccountError[] }> {
    if (auth.kind !== 'external-user') throw new AppError('FORBIDDEN', 'Reports are read for an external user');
    const named = ids ?? (await activatedAccounts(this.deps.orm, auth.tenantId, auth.userId));
    if (named.length > MAX_REPORT_ACCOUNTS) {
      throw new AppError('VALIDATION_FAILED', `At most ${MAX_REPORT_ACCOUNTS} accounts per report`, { details: [{ path: 'query.adAccountIds', message: `at most ${MAX_REPORT_ACCOUNTS}` }] });
    }
    const byPlatform = new Map<string, number[]>();
    named.forEach((a, i) => byPlatform.set(a.platform, [...(byPlatform.get(a.platform) ?? []), i]));
    const outcomes = new Array<{ ok: true; value: GuardedAccount } | { ok: false; error: AppError }>(named.length);
    // One guard query per platform, all at once: the request waits for the slowest, not the sum.
    await Promise.all(
      [...byPlatform].map(async ([platform, idx]) => {
        const checks = await this.deps.guard.checkMany(auth, platform, idx.map((i) => named[i]!.id), GUARD_OP);
        idx.forEach((i, k) => (outcomes[i] = checks[k]!));
      }),
    );
    const accounts: GuardedAccount[] = [];
    const errors: ReportAccountError[] = [];
    outcomes.forEach((o, i) => {
      if (o.ok) accounts.push(o.value);
      else if (ACCOUNT_LEVEL_CODES.has(o.error.code)) errors.push(accountError(named[i]!.platform, named[i]!.id, o.error));
    });
    const refused = outcomes.find((o) => !o.ok && !ACCOUNT_LEVEL_CODES.has(o.error.code));
    if (refused && !refused.ok) throw refused.error;
    return { accounts, errors };
  }

  async run(auth: AuthContext, input: ReportInput): Promise<ReportResult> {
    const { accounts, errors } = await this.guardedAccounts(auth, input.adAccountIds);
    return this.read(accounts, errors, input);
  }

  /**
   * Reads guarded accounts (`errors`: those the guard already left out) into one report, rows in
   * report order (the order `readPage` pages). `onAccount` hears each account as it is read (a report job's progress).
   */
  async read(accounts: readonly GuardedAccount[], guardErrors: readonly ReportAccountError[], input: ReportInput, onAccount?: (done: number, rows: number) => void): Promise<ReportResult> {
    const { parts, errors } = await this.readAccounts(accounts, guardErrors, input, onAccount);
    return { ...wholeReport(parts), errors };
  }

  /**
   * One page of the report (`cursor`, `limit`): the same rows, totals and errors as `read` gives;
   * each account's rows are sorted and counted as soon as it is read, while others are still read.
   */
  async readPage(accounts: readonly GuardedAccount[], guardErrors: readonly ReportAccountError[], input: ReportInput, page: { cursor?: string; limit: number }): Promise<ReportPage> {
    // A bad cursor is answered before any platform is called.
    const from = decodeOffset(page.cursor);
    const { parts, errors } = await this.readAccounts(accounts, guardErrors, input);
    return pageOfReport(parts, errors, { from, limit: page.limit }, input.metrics);
  }

  /**
   * Every account read with bounded concurrency, its rows sorted and counted as soon as they are in
   * (while other accounts are still being read); parts in the accounts' order.
   */
  private async readAccounts(
    accounts: readonly GuardedAccount[],
    guardErrors: readonly ReportAccountError[],
    input: ReportInput,
    onAccount?: (done: number, rows: number) => void,
  ): Promise<{ parts: AccountRows[]; errors: ReportAccountError[] }> {
    const errors = [...guardErrors];
    let done = 0;
    let rowCount = 0;
    // Read while the platforms answer: the stored facts are needed only once an account's rows are in.
    const stored = storedFacts(this.deps.orm, accounts[0]?.tenantId ?? '', accounts.map((a) => a.id));
    stored.catch(() => undefined);
    const callers = this.callers(accounts);
    const lanes = await mapBounded(accounts, this.deps.concurrency, async (account): Promise<{ built: Promise<{ part: AccountRows } | ReportAccountError> }> => {
      try {
        const { ctx, rows } = await this.accountSource(account, callers.get(account.id)!, stored.then((s) => s.get(account.id)), input);
        rowCount += rows.length;
        // Built once the lane has asked for its next account: that platform answers while these rows are built.
        return { built: afterIo(() => accountPart(accountOrderKey(account.platform, account.platformAccountId), buildRows(ctx, rows, input))).then((part) => ({ part }), (err: unknown) => this.leftOut(account, err)) };
      } catch (err) {
        return { built: Promise.resolve(this.leftOut(account, err)) };
      } finally {
        onAccount?.(++done, rowCount);
      }
    });
    const read = await Promise.all(lanes.map((l) => l.built));
    // The gateway's own database failing fails the report, not each account.
    await stored;
    const parts: AccountRows[] = [];
    for (const r of read) {
      if ('part' in r) parts.push(r.part);
      else errors.push(r);
    }
    return { parts, errors };
  }

  private leftOut(account: GuardedAccount, err: unknown): ReportAccountError {
    this.deps.logger.info({ platform: account.platform, adAccountId: account.platformAccountId, code: isAppError(err) ? err.code : 'INTERNAL' }, 'report: account left out');
    if (!isAppError(err)) this.deps.logger.error({ err }, 'report: unexpected error reading an account');
    return accountError(account.platform, account.platformAccountId, err);
  }

  /** Accounts on one connection share one caller's token source, so a refused token refreshes once. */
  private callers(accounts: readonly GuardedAccount[]): Map<string, PlatformCaller> {
    const byConnection = new Map<string, PlatformCaller>();
    const out = new Map<string, PlatformCaller>();
    for (const a of accounts) {
      const base = byConnection.get(a.connectionId);
      const caller = base ? base.forAccount({ platformAccountId: a.platformAccountId, loginCustomerId: a.loginCustomerId ?? null }) : this.deps.callerFor(a);
      if (!base) byConnection.set(a.connectionId, caller);
      out.set(a.id, caller);
    }
    return out;
  }

  /** An account's platform rows and what every row of it states (the stored facts, else the platform's). */
  private async accountSource(account: GuardedAccount, caller: PlatformCaller, storedFacts: Promise<StoredAccount | undefined>, input: ReportInput): Promise<{ ctx: AccountContext; rows: SourceRow[] }> {
    const source = sourceOf(account.platform);
    if (!source) throw new AppError('VALIDATION_FAILED', `${account.platform} has no report`);
    const got = await source.rows(caller, { from: input.from, to: input.to, level: input.level, granularity: input.granularity });
    const stored = await storedFacts;
    let name = stored?.name ?? got.account.name ?? null;
    let currency = stored?.currency ?? got.account.currency ?? null;
    let timezone = source.fixedTimezone ?? stored?.timezone ?? got.account.timezone ?? null;
    if (!currency || !timezone) {
      const f = await this.facts.get(`${account.tenantId}:${account.platform}:${account.platformAccountId}`, () => source.facts(caller));
      name ??= f.name ?? null;
      currency ??= f.currency ?? null;
      timezone ??= f.timezone ?? null;
    }
    return { ctx: accountContext(account.platform, account.platformAccountId, source, { name, currency, timezone }), rows: got.rows };
  }
}
