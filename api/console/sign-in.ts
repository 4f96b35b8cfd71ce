import { Router, type Request, type Response } from 'express';
import { isAppError } from '../../shared/errors/app-error';
import { field, formBody, isCrossSite } from '../pages/forms';
import { html, sendPage } from '../pages/html';
import { loginTenantUser } from '../routes/tenant/auth.routes';
import { bare, q } from './frame';
import { clearConsoleCookie, readConsoleCookie, resumeSession, setConsoleCookie, type ConsoleContext } from './session';

/** Only a console page of this site; anything else (another site, `//host`) goes to the overview. */
const nextOf = (raw: string) => (/^\/console(\/[A-Za-z0-9/_?=&%.:-]*)?$/.test(raw) && !raw.startsWith('//') ? raw : '/console');

function signInPage(o: { email?: string; next: string; problem?: string; notice?: string }) {
  return bare(
    'Sign in',
    html`<h1>Sign in to the console</h1>
<p>Use the email and password of your account on your team.</p>
${o.notice ? html`<p class="notice" role="status">${o.notice}</p>` : ''}
${o.problem ? html`<div class="errors" role="alert" id="form-errors"><p>${o.problem}</p></div>` : ''}
<form method="post" action="/console/sign-in">
<input type="hidden" name="next" value="${o.next}">
<label for="email">Email</label>
<input id="email" name="email" type="email" autocomplete="username" maxlength="254" required value="${o.email ?? ''}">
<label for="password">Password</label>
<input id="password" name="password" type="password" autocomplete="current-password" maxlength="200" required>
<button type="submit">Sign in</button>
</form>
<p class="meta">Forgot your password? Ask an owner of your team to send you a reset link, or use the link in your invitation email.</p>`,
  );
}

/** Plain words for a refused sign-in; undefined for our own failures. */
function signInProblem(err: unknown): { status: number; text: string } | undefined {
  if (!isAppError(err)) return undefined;
  if (err.code === 'UNAUTHENTICATED') return { status: 401, text: 'The email or the password is not right.' };
  if (err.code === 'RATE_LIMITED')
    return { status: 429, text: 'Too many wrong passwords for this email. Wait a few minutes, then try again.' };
  if (err.code === 'VALIDATION_FAILED') return { status: 400, text: 'Enter your email and your password.' };
  return undefined;
}

export function signInRoutes(c: ConsoleContext): Router {
  const router = Router();
  const { deps, origin } = c;

  router.get('/console/sign-in', async (req: Request, res: Response) => {
    if (await resumeSession(c, req)) return res.redirect(303, nextOf(q(req, 'next', 500)));
    const notice = q(req, 'signed') === 'out' ? 'You are signed out.' : readConsoleCookie(req) ? 'Your session has ended. Sign in again.' : undefined;
    sendPage(res, signInPage({ next: nextOf(q(req, 'next', 500)), notice }));
  });

  router.post('/console/sign-in', formBody, async (req: Request, res: Response) => {
    const next = nextOf(field(req, 'next'));
    const email = field(req, 'email').trim().slice(0, 254);
    if (isCrossSite(req, [origin])) return sendPage(res, signInPage({ email, next, problem: 'This form was sent from another website. Open the console again and sign in.' }), { status: 403 });
    const password = field(req, 'password');
    if (!email || !password) return sendPage(res, signInPage({ email, next, problem: 'Enter your email and your password.' }), { status: 400 });
    try {
      setConsoleCookie(deps, res, await loginTenantUser(deps, req.ctx.em, email, password));
    } catch (err) {
      const p = signInProblem(err);
      if (!p) throw err;
      return sendPage(res, signInPage({ email, next, problem: p.text }), { status: p.status });
    }
    res.redirect(303, next);
  });

  // Sign-out needs no anti-forgery field: ending a sign-in is all a forged one could do. It must be a POST from this site.
  router.post('/console/sign-out', formBody, async (req: Request, res: Response) => {
    if (isCrossSite(req, [origin])) return res.redirect(303, '/console');
    const cookie = readConsoleCookie(req);
    if (cookie) await deps.services.tokens.revokeToken(req.ctx.em, cookie.refresh, 'tenant-user');
    clearConsoleCookie(deps, res);
    res.redirect(303, '/console/sign-in?signed=out');
  });

  return router;
}
