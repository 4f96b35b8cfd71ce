import { Router, type Request } from 'express';
import type { ZodIssue } from 'zod';
import { APP_PLATFORMS, PLATFORM_APPS, type AppPlatform } from '../../shared/domain/tenants/platform-apps';
import { AppError, isAppError } from '../../shared/errors/app-error';
import type { AppDeps } from '../deps';
import type { Html } from '../pages/html';
import { appSchemasFor } from '../routes/tenant/apps.routes';
import { ADMINS, tenantOf } from '../routes/tenant/require-role';
import { UpdateTenantDto } from '../routes/tenant/schemas';
import { consoleForm, send } from './frame';
import type { ConsoleSession } from './session';
import { appFieldName, type EditProblem } from './settings-forms';

export type SettingsPage = (req: Request, s: ConsoleSession, o: { problem?: EditProblem }) => Promise<Html>;

const text = (req: Request, name: string): string => {
  const v = (req.body as Record<string, unknown> | undefined)?.[name];
  return typeof v === 'string' ? v.trim() : '';
};
const many = (req: Request, name: string): string[] => {
  const v = (req.body as Record<string, unknown> | undefined)?.[name];
  return (Array.isArray(v) ? v : [v]).filter((x): x is string => typeof x === 'string');
};

/** A schema's refusals in the page's words: "<what>: <why>", the field named as the form names it. */
const issuesText = (issues: ZodIssue[], name: (path: (string | number)[]) => string) =>
  issues.map((i) => `${name(i.path)}: ${i.message}`).join('. ');

/**
 * What the form says for the app: on create, every filled field; on update, a filled field replaces,
 * an emptied optional field is cleared, and an empty secret is kept (it is never shown, so never refilled).
 */
function appValues(req: Request, p: AppPlatform, exists: boolean): Record<string, string | null> {
  const out: Record<string, string | null> = {};
  for (const f of PLATFORM_APPS[p].fields) {
    const v = text(req, appFieldName(f.name));
    if (v) out[f.name] = v;
    else if (exists && !f.secret && !f.required) out[f.name] = null;
    else if (exists && !f.secret) out[f.name] = v; // refused by the schema: a required field cannot be emptied
  }
  return out;
}

const labelOf = (p: AppPlatform, path: (string | number)[]) => PLATFORM_APPS[p].fields.find((f) => f.name === path[0])?.label ?? 'The app';

/** Parses "USD 500" lines; undefined when a line is not a code and an amount. */
function budgetLines(raw: string): Record<string, string> | undefined {
  const out: Record<string, string> = {};
  for (const line of raw.split(/\r?\n/).map((l) => l.trim()).filter(Boolean)) {
    const m = /^(\S+)\s+(\S+)$/.exec(line);
    if (!m) return undefined;
    out[m[1]!.toUpperCase()] = m[2]!;
  }
  return out;
}

const GUARDRAIL_NAMES: Record<string, string> = {
  maxDailyBudget: 'Largest daily budget',
  maxBudgetIncreasePercent: 'Largest budget increase',
  requireConfirmation: 'Writes that wait for a confirmation',
};

function guardrailsInput(req: Request): { value?: unknown; problem?: string } {
  const budgets = budgetLines(text(req, 'maxDailyBudget'));
  if (!budgets) return { problem: 'Largest daily budget: write each limit as a currency code and an amount, like USD 500' };
  const pct = text(req, 'maxBudgetIncreasePercent').replace(/\s*%$/, '');
  if (pct && !Number.isFinite(Number(pct))) return { problem: 'Largest budget increase: a number of per cent, like 50 or 12.5' };
  const confirm = many(req, 'requireConfirmation');
  const g = {
    ...(Object.keys(budgets).length ? { maxDailyBudget: budgets } : {}),
    ...(pct ? { maxBudgetIncreasePercent: Number(pct) } : {}),
    ...(confirm.length ? { requireConfirmation: confirm } : {}),
  };
  return { value: Object.keys(g).length ? g : null };
}

/** Platform apps, allowed origins and guardrails: the tenant routes' schemas and services, the owner/admin rule. */
export function settingsEditRoutes(deps: AppDeps, page: SettingsPage): Router {
  const router = Router();
  const { tenants, tenantApps } = deps.services;
  const appExists = (req: Request, tenantId: string, p: AppPlatform) =>
    tenantApps.get(req.ctx.em, tenantId, p).then(
      () => true,
      (e: unknown) => {
        if (isAppError(e) && e.code === 'NOT_FOUND') return false;
        throw e;
      },
    );
  const refuse = async (req: Request, s: ConsoleSession, problem: EditProblem) => page(req, s, { problem });

  router.post('/console/settings/apps/:platform', ...consoleForm(async (req, res, s) => {
    const tenantId = tenantOf(s.auth, ADMINS);
    const p = APP_PLATFORMS.find((x) => x === req.params.platform);
    if (!p) throw new AppError('NOT_FOUND', 'No such platform');
    const exists = await appExists(req, tenantId, p);
    const schemas = appSchemasFor(p);
    const input = (exists ? schemas.update : schemas.create).safeParse(appValues(req, p, exists));
    // Only the fields that are not secret go back into the form.
    const entered = Object.fromEntries(PLATFORM_APPS[p].fields.filter((f) => !f.secret).map((f) => [f.name, text(req, appFieldName(f.name))]));
    if (!input.success) return send(res, await refuse(req, s, { form: p, text: issuesText(input.error.issues, (path) => labelOf(p, path)), entered }), 400);
    try {
      if (exists) await tenantApps.update(req.ctx.em, tenantId, p, input.data as Record<string, string | null>);
      else await tenantApps.create(req.ctx.em, tenantId, p, input.data as Record<string, string>);
    } catch (err) {
      if (isAppError(err) && (err.code === 'VALIDATION_FAILED' || err.code === 'ALREADY_EXISTS')) return send(res, await refuse(req, s, { form: p, text: err.message, entered }), 400);
      throw err;
    }
    res.redirect(303, `/console/settings?done=app-${p}#app-${p}`);
  }));

  router.post('/console/settings/origins', ...consoleForm(async (req, res, s) => {
    const tenantId = tenantOf(s.auth, ADMINS);
    const raw = text(req, 'origins');
    const list = raw.split(/\r?\n/).map((l) => l.trim()).filter(Boolean);
    const input = UpdateTenantDto.safeParse({ settings: { allowedOrigins: list.length ? list : null } });
    if (!input.success) {
      const name = (path: (string | number)[]) => (typeof path[2] === 'number' ? `Line ${path[2] + 1} (${list[path[2]]})` : 'Allowed origins');
      return send(res, await refuse(req, s, { form: 'origins', text: issuesText(input.error.issues, name), entered: { origins: raw } }), 400);
    }
    await tenants.update(req.ctx.em, tenantId, input.data);
    res.redirect(303, '/console/settings?done=origins#origins');
  }));

  router.post('/console/settings/guardrails', ...consoleForm(async (req, res, s) => {
    const tenantId = tenantOf(s.auth, ADMINS);
    const entered = { maxDailyBudget: text(req, 'maxDailyBudget'), maxBudgetIncreasePercent: text(req, 'maxBudgetIncreasePercent'), requireConfirmation: many(req, 'requireConfirmation').join(',') };
    const g = guardrailsInput(req);
    const input = g.problem ? undefined : UpdateTenantDto.safeParse({ settings: { guardrails: g.value } });
    if (!input?.success) {
      const name = (path: (string | number)[]) => [GUARDRAIL_NAMES[String(path[2])] ?? 'Guardrails', ...path.slice(3)].join(', ');
      const problem = g.problem ?? issuesText(input!.error!.issues, name);
      return send(res, await refuse(req, s, { form: 'guardrails', text: problem, entered }), 400);
    }
    await tenants.update(req.ctx.em, tenantId, input.data);
    res.redirect(303, '/console/settings?done=guardrails#guardrails');
  }));

  return router;
}
