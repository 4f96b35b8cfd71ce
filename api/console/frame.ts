import type { NextFunction, Request, Response } from 'express';
import { AppError, isAppError } from '../../shared/errors/app-error';
import { isUuid } from '../../shared/infra/ids';
import { displayNameOf, isPlatform } from '../../shared/platforms';
import { html, sendPage, type Html } from '../pages/html';
import { statusForCode } from '../http/error-to-http';
import { formBody } from '../pages/forms';
import { formIsOurs, sessionOf, type ConsoleSession } from './session';

/** The console's sections, in the order of its navigation. */
const SECTIONS = [
  { href: '/console', label: 'Overview' },
  { href: '/console/connections', label: 'Connections' },
  { href: '/console/jobs', label: 'Jobs' },
  { href: '/console/webhooks', label: 'Webhooks' },
  { href: '/console/writes', label: 'Writes' },
  { href: '/console/settings', label: 'Settings' },
] as const;

export interface FrameOptions {
  title: string;
  /** The navigation entry this page belongs to. */
  section: string;
  session: ConsoleSession;
  body: Html;
}

const navigation = (current: string, csrf: string) => html`<header class="top">
<a class="brand" href="/console">Ads Gateway console</a>
<nav aria-label="Console sections"><ul>
${SECTIONS.map((s) => html`<li><a href="${s.href}"${s.href === current ? html` aria-current="page"` : ''}>${s.label}</a></li>`)}
</ul></nav>
<form method="post" action="/console/sign-out" class="sign-out">
<input type="hidden" name="csrf" value="${csrf}">
<button type="submit" class="secondary">Sign out</button>
</form>
</header>`;

/** Every console page's document: its head (no script, styles from /assets only), then its body. */
const page = (title: string, bodyClass: string, body: Html) => html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title} · Ads Gateway console</title>
<link rel="stylesheet" href="/assets/pages.css">
<link rel="stylesheet" href="/assets/console.css">
</head>
<body${bodyClass ? html` class="${bodyClass}"` : ''}>
${body}
</body>
</html>
`;

/** A page of the console: its navigation, then the page. */
export const frame = (o: FrameOptions): Html =>
  page(o.title, 'console', html`<a class="skip" href="#content">Skip to the page</a>
${navigation(o.section, o.session.csrf)}
<main id="content" class="console-main">
${o.body}
</main>`);

/** A bare page of the console (sign-in, problems without a session). */
export const bare = (title: string, body: Html): Html => page(title, '', html`<main class="card">
${body}
</main>`);

type ProblemPage = { status: number; title: string; text: string };

/** Our refusals, in plain words, with the status the JSON routes give the same error; anything else is our failure. */
function problemOf(err: unknown): ProblemPage {
  const status = isAppError(err) ? statusForCode(err.code) : 500;
  if (!isAppError(err) || status >= 500) return { status: 500, title: 'Something went wrong', text: 'Nothing was changed. Try again in a minute.' };
  if (status === 404) return { status, title: 'Not found', text: 'There is nothing here for your team. It may have been removed, or the link is wrong.' };
  if (status === 403) return { status, title: 'Not allowed', text: `Your role cannot do this: ${err.message}. Ask an owner or admin of your team.` };
  if (status === 429) return { status, title: 'Too many requests', text: `${err.message}. Wait a moment and try again.` };
  return { status, title: 'Check what you entered', text: err.message };
}

export function sendProblem(res: Response, p: ProblemPage, session?: ConsoleSession): void {
  const body = html`<h1 class="error">${p.title}</h1><p>${p.text}</p><p><a href="/console">Back to the overview</a></p>`;
  sendPage(res, session ? frame({ title: p.title, section: '', session, body }) : bare(p.title, body), { status: p.status });
}

export type ConsoleHandler = (req: Request, res: Response, session: ConsoleSession) => Promise<void>;

/** A signed-in page: a failure of ours, or a refusal, still reaches the person as a page. */
export const consolePage = (fn: ConsoleHandler) => async (req: Request, res: Response, _next: NextFunction) => {
  const session = sessionOf(res);
  try {
    await fn(req, res, session);
  } catch (err) {
    if (res.headersSent) throw err;
    const p = problemOf(err);
    if (p.status >= 500) req.ctx.log.error({ err }, 'console page failed');
    sendProblem(res, p, session);
  }
};

const FORM_REFUSED: ProblemPage = { status: 403, title: 'Form refused', text: 'This form did not come from your console page. Nothing was changed; open the page again and retry.' };

/** A change: the form must come from this sign-in's own page (anti-forgery field, same site), else nothing happens. */
export const consoleForm = (fn: ConsoleHandler) => [
  formBody,
  consolePage(async (req, res, s) => {
    if (!formIsOurs(req, res, s)) return sendProblem(res, FORM_REFUSED, s);
    await fn(req, res, s);
  }),
];

/** The anti-forgery field every console form carries. */
export const csrfField = (s: ConsoleSession) => html`<input type="hidden" name="csrf" value="${s.csrf}">`;

export const send = (res: Response, page: Html, status = 200) => sendPage(res, page, { status });

export const platformName = (p: string) => (isPlatform(p) ? displayNameOf(p) : p);

/** A date as people read it, in UTC so every teammate sees the same. */
export const when = (iso: string | null | undefined): string => (iso ? `${iso.slice(0, 10)} ${iso.slice(11, 19)} UTC` : '—');

/** A path id; anything but a uuid names nothing (a 404 page, as another tenant's id is). */
export const idParam = (req: Request, name: string): string => {
  const v = String(req.params[name] ?? '');
  if (!isUuid(v)) throw new AppError('NOT_FOUND', 'No such page');
  return v;
};

export const q = (req: Request, name: string, max = 200): string => (typeof req.query[name] === 'string' ? (req.query[name] as string).trim().slice(0, max) : '');

/** A form's select, with the current value chosen and an "any" first option. */
export const select = (name: string, label: string, options: readonly string[], current: string, names: (v: string) => string = (v) => v) => html`<label for="${name}">${label}</label>
<select id="${name}" name="${name}"><option value="">Any</option>${options.map((o) => html`<option value="${o}"${o === current ? html` selected` : ''}>${names(o)}</option>`)}</select>`;

