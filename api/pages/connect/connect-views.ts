import type { AdAccountView } from '../../../shared/domain/connections/connection.service';
import { html, layout, type Html } from '../html';
import type { Words } from './connect-text';

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

const frame = (w: Words, title: string, body: Html): Html => layout({ title, body, scripts: ['connect.js'], lang: w.lang });

export function choosePlatformPage(w: Words, o: { csrf: string; platforms: { platform: string; name: string }[]; cancel?: Link }): Html {
  const { t } = w;
  return frame(
    w,
    t.connectTitle,
    html`<h1>${t.connectTitle}</h1>
<p>${t.connectIntro}</p>
<form method="post" action="/connect/platform">
<input type="hidden" name="csrf" value="${o.csrf}">
<ul class="choices platforms">
${o.platforms.map((p) => html`<li><button type="submit" name="platform" value="${p.platform}">${t.continueWith(p.name)}</button></li>`)}
</ul>
</form>
${links(o.cancel ? [{ ...o.cancel, secondary: true }] : [])}`,
  );
}

function accountRow(w: Words, a: AdAccountView, i: number): Html {
  const { t } = w;
  const id = `account-${i}`;
  const active = a.status === 'active';
  const other = a.status === 'owned_by_other';
  const details = [t.accountId(a.adAccountId), a.currency, a.timezone].filter(Boolean).join(' · ');
  return html`<li><label for="${id}">
<input type="checkbox" id="${id}" name="account" value="${a.adAccountId}"${active ? html` checked disabled` : other ? html` disabled` : ''}>
<span><strong>${a.name ?? a.adAccountId}</strong><span class="meta">${details}</span>
${active ? html`<span class="badge">${t.alreadyActive}</span>` : ''}${other ? html`<span class="badge other">${t.otherUser}</span>` : ''}</span>
</label></li>`;
}

export function chooseAccountsPage(w: Words, o: { csrf: string; platformName: string; accounts: AdAccountView[]; problem?: string }): Html {
  const { t } = w;
  const title = t.chooseAccountsTitle(o.platformName);
  if (!o.accounts.length) {
    return frame(
      w,
      t.noAccountsTitle,
      html`<h1 class="error">${t.noAccountsTitle}</h1>
<p>${t.noAccountsText(o.platformName)}</p>
${links([{ href: '/connect', label: t.tryAgain }])}`,
    );
  }
  return frame(
    w,
    title,
    html`<h1>${title}</h1>
<p>${t.chooseAccountsIntro(o.platformName)}</p>
${o.problem ? html`<div class="errors" role="alert" id="form-errors"><p>${o.problem}</p></div>` : ''}
<form method="post" action="/connect/accounts">
<input type="hidden" name="csrf" value="${o.csrf}">
<input type="hidden" name="opener" value="">
<fieldset>
<legend>${t.adAccounts}</legend>
<ul class="choices">
${o.accounts.map((a, i) => accountRow(w, a, i))}
</ul>
</fieldset>
<button type="submit">${t.activate}</button>
</form>
${links([{ href: '/connect', label: t.chooseAnother, secondary: true }])}`,
  );
}

export function donePage(w: Words, o: { platformName: string; accounts: AdAccountView[]; back?: Link; message: ConnectMessage; origins: string[] }): Html {
  const { t } = w;
  const title = t.connectedTitle(o.platformName);
  return frame(
    w,
    title,
    html`<h1 class="ok">${title}</h1>
<p>${t.readyToUse}</p>
<ul class="done">${o.accounts.map((a) => html`<li><strong>${a.name ?? a.adAccountId}</strong> <span class="meta">${t.accountId(a.adAccountId)}</span></li>`)}</ul>
<p>${o.back ? t.closeOrBack : t.close}</p>
${links(o.back ? [o.back] : [])}
${messageHolder({ message: o.message, origins: o.origins })}`,
  );
}

/** Every problem the person can meet, in plain words, with at least one way on. */
export function problemPage(w: Words, o: { title: string; text: string | Html; links: Link[]; message?: { message: ConnectMessage; origins: string[] } }): Html {
  return frame(
    w,
    o.title,
    html`<h1 class="error">${o.title}</h1>
<p>${o.text}</p>
${links(o.links)}
${messageHolder(o.message)}`,
  );
}
