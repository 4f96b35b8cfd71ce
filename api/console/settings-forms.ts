import { CONFIRMABLE_ACTIONS } from '../../shared/domain/safe-writes/guardrails';
import type { TenantView } from '../../shared/domain/tenants/tenants.service';
import { APP_PLATFORMS, PLATFORM_APPS, type AppPlatform } from '../../shared/domain/tenants/platform-apps';
import type { TenantAppView } from '../../shared/domain/tenants/tenant-apps.service';
import { html, type Html } from '../pages/html';
import { csrfField } from './frame';
import type { ConsoleSession } from './session';

/** A refused edit: which form, what to say, and what the person had typed (shown again, secrets never). */
export interface EditProblem {
  form: 'origins' | 'guardrails' | AppPlatform;
  text: string;
  entered: Record<string, string>;
}

type Guardrails = TenantView['settings']['guardrails'];

export const CONFIRMATION_LABEL: Record<string, string> = {
  activate: 'Turning a campaign, ad set or ad on',
  budgetIncrease: 'Raising a budget',
  create: 'Creating anything',
};

const problemBox = (p: EditProblem | undefined, form: EditProblem['form']) =>
  p?.form === form ? html`<div class="errors" role="alert" id="${form}-errors"><p>${p.text}</p></div>` : '';
const describedBy = (p: EditProblem | undefined, form: EditProblem['form']) => (p?.form === form ? html` aria-describedby="${form}-errors"` : '');

/** The form field of an app's field (prefixed: a platform may name one "secret" or "csrf"). */
export const appFieldName = (name: string) => `app_${name}`;

function appForm(s: ConsoleSession, p: AppPlatform, app: TenantAppView | undefined, problem?: EditProblem): Html {
  const entered = problem?.form === p ? problem.entered : undefined;
  return html`<form method="post" action="/console/settings/apps/${p}">${csrfField(s)}
${problemBox(problem, p)}
${PLATFORM_APPS[p].fields.map((f) => {
  const id = `app-${p}-${f.name}`;
  const need = f.required ? '' : ' (optional)';
  if (f.secret) {
    const state = app?.[f.name] ? 'Set. Leave empty to keep it; type a new one to replace it.' : 'Not set.';
    return html`<label for="${id}">${f.label}${need}</label>
<p class="meta" id="${id}-state">${state}</p>
<input id="${id}" name="${appFieldName(f.name)}" type="password" autocomplete="off" maxlength="4096" aria-describedby="${id}-state"${!app && f.required ? html` required` : ''}>`;
  }
  const value = entered?.[f.name] ?? (typeof app?.[f.name] === 'string' ? (app[f.name] as string) : '');
  return html`<label for="${id}">${f.label}${need}</label>
<input id="${id}" name="${appFieldName(f.name)}" type="text" maxlength="2000" value="${value}"${f.required ? html` required` : ''}${describedBy(problem, p)}>`;
})}
<button type="submit">${app ? `Save the ${PLATFORM_APPS[p].label} app` : `Add the ${PLATFORM_APPS[p].label} app`}</button>
</form>`;
}

function appReadOnly(p: AppPlatform, app: TenantAppView | undefined): Html {
  if (!app) return html`<p>Not configured.</p>`;
  return html`<dl>${PLATFORM_APPS[p].fields.map((f) => html`<dt>${f.label}</dt><dd>${f.secret ? (app[f.name] ? 'Set' : 'Not set') : typeof app[f.name] === 'string' ? html`<code>${app[f.name] as string}</code>` : '—'}</dd>`)}</dl>`;
}

/** Each platform's app; secrets are only ever "Set" or "Not set" here. Owners and admins get forms. */
export function appsSection(s: ConsoleSession, apps: Partial<Record<AppPlatform, TenantAppView>>, canEdit: boolean, problem?: EditProblem): Html {
  return html`<p>The OAuth app your team registered with each platform. Secrets are stored encrypted and never shown again.</p>
${APP_PLATFORMS.map((p) => html`<h3 id="app-${p}">${PLATFORM_APPS[p].label}</h3>
${canEdit ? appForm(s, p, apps[p], problem) : appReadOnly(p, apps[p])}`)}
${canEdit ? '' : html`<p class="meta">Only an owner or admin can change the platform apps.</p>`}`;
}

export function originsSection(s: ConsoleSession, origins: string[], canEdit: boolean, problem?: EditProblem): Html {
  const current = origins.length ? html`<ul>${origins.map((x) => html`<li><code>${x}</code></li>`)}</ul>` : html`<p>None: end users return only to the gateway's own address.</p>`;
  if (!canEdit) return html`${current}<p class="meta">Only an owner or admin can change the allowed origins.</p>`;
  const text = problem?.form === 'origins' ? problem.entered.origins ?? '' : origins.join('\n');
  return html`${current}
<form method="post" action="/console/settings/origins">${csrfField(s)}
${problemBox(problem, 'origins')}
<label for="origins-list">Origins end users may return to, one a line (like https://app.example.com)</label>
<textarea id="origins-list" name="origins" rows="4" maxlength="6500"${describedBy(problem, 'origins')}>${text}</textarea>
<button type="submit">Save the allowed origins</button>
</form>`;
}

const budgetsText = (g: Guardrails) => Object.entries(g?.maxDailyBudget ?? {}).map(([cur, v]) => `${cur} ${v}`).join('\n');

function guardrailsList(g: Guardrails): Html {
  if (!g) return html`<p>No guardrail is set.</p>`;
  return html`<dl>
<dt>Largest daily budget</dt><dd>${g.maxDailyBudget ? Object.entries(g.maxDailyBudget).map(([cur, v]) => `${v} ${cur}`).join(', ') : 'No limit'}</dd>
<dt>Largest budget increase</dt><dd>${g.maxBudgetIncreasePercent !== undefined ? `${g.maxBudgetIncreasePercent} %` : 'No limit'}</dd>
<dt>Writes that need a confirmation</dt><dd>${g.requireConfirmation?.length ? g.requireConfirmation.map((a) => CONFIRMATION_LABEL[a] ?? a).join(', ') : 'None'}</dd></dl>`;
}

export function guardrailsSection(s: ConsoleSession, g: Guardrails, canEdit: boolean, problem?: EditProblem): Html {
  if (!canEdit) return html`${guardrailsList(g)}<p class="meta">Only an owner or admin can change the guardrails.</p>`;
  const entered = problem?.form === 'guardrails' ? problem.entered : undefined;
  const confirm = entered ? (entered.requireConfirmation ?? '').split(',') : (g?.requireConfirmation ?? []);
  return html`${guardrailsList(g)}
<form method="post" action="/console/settings/guardrails">${csrfField(s)}
${problemBox(problem, 'guardrails')}
<label for="max-daily-budget">Largest daily budget: a currency code and an amount, one a line (like USD 500); empty for no limit</label>
<textarea id="max-daily-budget" name="maxDailyBudget" rows="3" maxlength="2000"${describedBy(problem, 'guardrails')}>${entered?.maxDailyBudget ?? budgetsText(g)}</textarea>
<label for="max-increase">Largest budget increase in one change, in per cent; empty for no limit</label>
<input id="max-increase" name="maxBudgetIncreasePercent" type="text" inputmode="decimal" maxlength="12" value="${entered?.maxBudgetIncreasePercent ?? (g?.maxBudgetIncreasePercent !== undefined ? String(g.maxBudgetIncreasePercent) : '')}">
<fieldset><legend>Writes that wait for a confirmation</legend>
<ul class="choices">${CONFIRMABLE_ACTIONS.map((a) => html`<li><label><input type="checkbox" name="requireConfirmation" value="${a}"${confirm.includes(a) ? html` checked` : ''}> ${CONFIRMATION_LABEL[a]}</label></li>`)}</ul>
</fieldset>
<button type="submit">Save the guardrails</button>
</form>`;
}
