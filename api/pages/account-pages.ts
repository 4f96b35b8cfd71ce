import { Router, type Request, type Response } from 'express';
import { isAppError } from '../../shared/errors/app-error';
import type { AppDeps } from '../deps';
import { html, layout, messagePage, sendPage, type Html } from './html';
import { field, formBody, isCrossSite } from './forms';

const MIN_PASSWORD = 10;
const MAX_PASSWORD = 200;

/** Plain-words reasons a token link fails, for the person who clicked it. */
function tokenProblem(err: unknown, kind: 'invitation' | 'reset'): { status: number; title: string; text: string } | undefined {
  if (!isAppError(err)) return undefined;
  const again = kind === 'invitation' ? 'Ask the person who invited you to send a new invitation.' : 'Ask for a new reset link and use the newest email.';
  if (err.code === 'TOKEN_EXPIRED')
    return { status: 410, title: 'This link has expired', text: `The link is too old to use. ${again}` };
  if (err.code === 'TOKEN_INVALID')
    return { status: 400, title: 'This link is not valid', text: `It was already used, was withdrawn, or was not copied whole. ${again}` };
  return undefined;
}

function passwordProblems(password: string, confirm: string): string[] {
  const out: string[] = [];
  if (password.length < MIN_PASSWORD) out.push(`The password is too short: use at least ${MIN_PASSWORD} characters.`);
  if (password.length > MAX_PASSWORD) out.push(`The password is too long: use at most ${MAX_PASSWORD} characters.`);
  if (password !== confirm) out.push('The two passwords are not the same.');
  return out;
}

const errorList = (problems: string[]): Html | '' =>
  problems.length ? html`<div class="errors" role="alert" id="form-errors">${problems.map((p) => html`<p>${p}</p>`)}</div>` : '';

const passwordFields = (label: string) => html`
<label for="password">${label}<span class="hint">At least ${MIN_PASSWORD} characters.</span></label>
<input id="password" name="password" type="password" autocomplete="new-password" minlength="${MIN_PASSWORD}" maxlength="${MAX_PASSWORD}" required>
<label for="confirm">Type it again</label>
<input id="confirm" name="confirm" type="password" autocomplete="new-password" required>`;

function invitationForm(o: { token: string; email: string; tenantName: string; role: string; name?: string; problems?: string[] }): Html {
  return layout({
    title: `Join ${o.tenantName}`,
    body: html`<h1>Join ${o.tenantName}</h1>
<p>You were invited as <strong>${o.role}</strong>. Your login will be <strong>${o.email}</strong>.</p>
${errorList(o.problems ?? [])}
<form method="post" action="/accept-invitation">
<input type="hidden" name="token" value="${o.token}">
<label for="name">Your name</label>
<input id="name" name="name" type="text" autocomplete="name" maxlength="200" required value="${o.name ?? ''}">
${passwordFields('Choose a password')}
<button type="submit">Create my account</button>
</form>`,
  });
}

function resetForm(o: { token: string; email: string; tenantName: string; problems?: string[] }): Html {
  return layout({
    title: 'Choose a new password',
    body: html`<h1>Choose a new password</h1>
<p>For your <strong>${o.tenantName}</strong> account, <strong>${o.email}</strong>.</p>
${errorList(o.problems ?? [])}
<form method="post" action="/reset-password">
<input type="hidden" name="token" value="${o.token}">
<input type="hidden" name="username" autocomplete="username" value="${o.email}">
${passwordFields('New password')}
<button type="submit">Save the new password</button>
</form>`,
  });
}

/** What a teammate does next, in their words: the console is where a person signs in. */
const loginHint = (email: string, tenantName: string) =>
  html`From now on, sign in to <strong>${tenantName}</strong> with <strong>${email}</strong> and the password you just chose, in the console.`;

const consoleLink = { href: '/console/sign-in', label: 'Open the console' };

const missingToken = (res: Response) =>
  sendPage(res, messagePage({ title: 'This link is incomplete', text: 'Open the link from your email again; if you copied it, copy the whole line.', tone: 'error' }), { status: 400 });

const crossSite = (res: Response) =>
  sendPage(res, messagePage({ title: 'Form refused', text: 'This form was sent from another website. Open the link from your email and try again.', tone: 'error' }), { status: 403 });

/** The pages behind the invitation and password-reset emails: plain forms, no JavaScript. */
export function accountPages(deps: AppDeps): Router {
  const router = Router();
  const ownOrigins = [new URL(deps.config.PUBLIC_URL).origin];
  const { invitations, tenantUsers } = deps.services;

  // A failure of our own still reaches the person as a page, never as the JSON envelope.
  const page =
    (kind: 'invitation' | 'reset', fn: (req: Request, res: Response) => Promise<void>) =>
    async (req: Request, res: Response) => {
      try {
        await fn(req, res);
      } catch (err) {
        const known = tokenProblem(err, kind);
        if (known) return sendPage(res, messagePage({ ...known, tone: 'error' }), { status: known.status });
        req.ctx.log.error({ err }, 'account page failed');
        sendPage(res, messagePage({ title: 'Something went wrong', text: 'Nothing was changed. Try again in a minute.', tone: 'error' }), { status: 500 });
      }
    };

  router.get('/accept-invitation', page('invitation', async (req, res) => {
    const token = typeof req.query.token === 'string' ? req.query.token.slice(0, 200) : '';
    if (!token) return missingToken(res);
    const inv = await invitations.describe(req.ctx.em, token);
    sendPage(res, invitationForm({ token, ...inv }));
  }));

  router.post('/accept-invitation', formBody, page('invitation', async (req, res) => {
    if (isCrossSite(req, ownOrigins)) return crossSite(res);
    const token = field(req, 'token').slice(0, 200);
    if (!token) return missingToken(res);
    const name = field(req, 'name').trim();
    const password = field(req, 'password');
    const inv = await invitations.describe(req.ctx.em, token);
    const problems = [...(name ? [] : ['Enter your name.']), ...(name.length > 200 ? ['The name is too long: use at most 200 characters.'] : []), ...passwordProblems(password, field(req, 'confirm'))];
    if (problems.length) return sendPage(res, invitationForm({ token, ...inv, name, problems }), { status: 400 });
    try {
      await invitations.accept(req.ctx.em, token, { name, password });
    } catch (err) {
      if (isAppError(err) && err.code === 'ALREADY_EXISTS') {
        return sendPage(res, messagePage({ title: 'You already have an account', text: html`An account for <strong>${inv.email}</strong> already exists. Log in with it, or ask for a password reset.`, tone: 'error' }), { status: 409 });
      }
      throw err;
    }
    sendPage(res, messagePage({ title: `Welcome to ${inv.tenantName}`, text: html`Your account is ready. ${loginHint(inv.email, inv.tenantName)}`, tone: 'ok', link: consoleLink }));
  }));

  router.get('/reset-password', page('reset', async (req, res) => {
    const token = typeof req.query.token === 'string' ? req.query.token.slice(0, 200) : '';
    if (!token) return missingToken(res);
    const { email, tenantName } = await tenantUsers.describeReset(req.ctx.em, token);
    sendPage(res, resetForm({ token, email, tenantName }));
  }));

  router.post('/reset-password', formBody, page('reset', async (req, res) => {
    if (isCrossSite(req, ownOrigins)) return crossSite(res);
    const token = field(req, 'token').slice(0, 200);
    if (!token) return missingToken(res);
    const password = field(req, 'password');
    const { email, tenantName } = await tenantUsers.describeReset(req.ctx.em, token);
    const problems = passwordProblems(password, field(req, 'confirm'));
    if (problems.length) return sendPage(res, resetForm({ token, email, tenantName, problems }), { status: 400 });
    await tenantUsers.resetPassword(req.ctx.em, token, password);
    sendPage(res, messagePage({
      title: 'Your password has been changed',
      text: html`For your safety, this account was signed out everywhere. ${loginHint(email, tenantName)}`,
      tone: 'ok',
      link: consoleLink,
    }));
  }));

  return router;
}
