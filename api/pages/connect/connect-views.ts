import type { AdAccountView } from '../../../shared/domain/connections/connection.service';
import { html, layout, type Html } from '../html';

/**
 * What the Connect page posts to the window that opened it (documented in docs/connect.md). `type`
 * and `version` let the opener tell it from other messages.
 */
export type ConnectMessage =
  | { type: 'ads-gateway:connect'; version: 1; status: 'success'; platform: string; connectionId: string; externalUserId: string; adAccountIds: string[] }
  | { type: 'ads-gateway:connect'; version: 1; status: 'error'; code: string; platform: string | null };

export interface Link {
  href: string;
  label: string;
  secondary?: boolean;
}

/** Carries the message for connect.js, which posts it to each allowed origin (never `*`). */
const messageHolder = (m: { message: ConnectMessage; origins: string[] } | undefined): Html | '' =>
  m ? html`<div id="connect-message" hidden data-message="${JSON.stringify(m.message)}" data-target-origins="${m.origins.join(' ')}"></div>` : '';

const links = (list: Link[]): Html | '' =>
  list.length ? html`<p class="actions">${list.map((l) => html`<a class="button${l.secondary ? ' secondary' : ''}" href="${l.href}">${l.label}</a> `)}</p>` : '';

const frame = (title: string, body: Html): Html => layout({ title, body, scripts: ['connect.js'] });

export function choosePlatformPage(o: { csrf: string; platforms: { platform: string; name: string }[]; cancel?: Link }): Html {
  return frame(
    'Connect your ad accounts',
    html`<h1>Connect your ad accounts</h1>
<p>Choose the platform your ad accounts are on. You will sign in there and allow access, then pick the accounts to use.</p>
<form method="post" action="/connect/platform">
<input type="hidden" name="csrf" value="${o.csrf}">
<ul class="choices platforms">
${o.platforms.map((p) => html`<li><button type="submit" name="platform" value="${p.platform}">Continue with ${p.name}</button></li>`)}
</ul>
</form>
${links(o.cancel ? [{ ...o.cancel, secondary: true }] : [])}`,
  );
}

function accountRow(a: AdAccountView, i: number): Html {
  const id = `account-${i}`;
  const active = a.status === 'active';
  const other = a.status === 'owned_by_other';
  const details = [`ID ${a.adAccountId}`, a.currency, a.timezone].filter(Boolean).join(' · ');
  return html`<li><label for="${id}">
<input type="checkbox" id="${id}" name="account" value="${a.adAccountId}"${active ? html` checked disabled` : other ? html` disabled` : ''}>
<span><strong>${a.name ?? a.adAccountId}</strong><span class="meta">${details}</span>
${active ? html`<span class="badge">Already active</span>` : ''}${other ? html`<span class="badge other">Connected by another user</span>` : ''}</span>
</label></li>`;
}

export function chooseAccountsPage(o: { csrf: string; platformName: string; accounts: AdAccountView[]; problem?: string }): Html {
  const title = `Choose your ${o.platformName} ad accounts`;
  if (!o.accounts.length) {
    return frame(
      'No ad accounts found',
      html`<h1 class="error">No ad accounts found</h1>
<p>Your ${o.platformName} sign-in can reach no ad account. Sign in there with another login, or ask for access to the accounts, then try again.</p>
${links([{ href: '/connect', label: 'Try again' }])}`,
    );
  }
  return frame(
    title,
    html`<h1>${title}</h1>
<p>These are the ad accounts your ${o.platformName} sign-in can reach. Tick the ones to use here.</p>
${o.problem ? html`<div class="errors" role="alert" id="form-errors"><p>${o.problem}</p></div>` : ''}
<form method="post" action="/connect/accounts">
<input type="hidden" name="csrf" value="${o.csrf}">
<input type="hidden" name="opener" value="">
<fieldset>
<legend>Ad accounts</legend>
<ul class="choices">
${o.accounts.map(accountRow)}
</ul>
</fieldset>
<button type="submit">Activate the chosen accounts</button>
</form>
${links([{ href: '/connect', label: 'Choose another platform', secondary: true }])}`,
  );
}

export function donePage(o: { platformName: string; accounts: AdAccountView[]; back?: Link; message: ConnectMessage; origins: string[] }): Html {
  const title = `${o.platformName} is connected`;
  return frame(
    title,
    html`<h1 class="ok">${title}</h1>
<p>These ad accounts are ready to use:</p>
<ul class="done">${o.accounts.map((a) => html`<li><strong>${a.name ?? a.adAccountId}</strong> <span class="meta">ID ${a.adAccountId}</span></li>`)}</ul>
<p>${o.back ? 'You can close this window, or go back now.' : 'You can close this window.'}</p>
${links(o.back ? [o.back] : [])}
${messageHolder({ message: o.message, origins: o.origins })}`,
  );
}

/** Every problem the person can meet, in plain words, with at least one way on. */
export function problemPage(o: { title: string; text: string | Html; links: Link[]; message?: { message: ConnectMessage; origins: string[] } }): Html {
  return frame(
    o.title,
    html`<h1 class="error">${o.title}</h1>
<p>${o.text}</p>
${links(o.links)}
${messageHolder(o.message)}`,
  );
}
