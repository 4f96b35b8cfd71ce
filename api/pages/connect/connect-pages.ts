import { Router, type ErrorRequestHandler, type Request, type Response } from 'express';
import { isAppError } from '../../../shared/errors/app-error';
import { gatewayBase } from '../../../shared/infra/public-url';
import { displayNameOf, isPlatform } from '../../../shared/platforms';
import type { ConnectSession } from '../../../shared/domain/connect/connect-sessions.service';
import { abuseLimitsOf, clientIp } from '../../middleware/abuse-limits';
import type { AppDeps } from '../../deps';
import { sendPage, type Html } from '../html';
import { field, formBody, isCrossSite } from '../forms';
import { activationProblem, linkProblem, oauthProblem, platformProblem, returnTo, sessionProblem, waysOn, type Problem } from './connect-problems';
import { wordsFor, type Words } from './connect-text';
import { chooseAccountsPage, choosePlatformPage, donePage, problemPage, type ConnectMessage } from './connect-views';
import { csrfFor, csrfMatches, readConnectCookie, setConnectCookie } from './session-cookie';

interface Live {
  session: ConnectSession;
  /** The page's language: the session's locale, else the browser's. */
  w: Words;
  secret: string;
  base: string;
  /** The tenant's allowed origins: framing, postMessage targets. */
  origins: string[];
}

const q = (req: Request, name: string, max = 300) => (typeof req.query[name] === 'string' ? (req.query[name] as string).slice(0, max) : '');

const errorMessage = (code: string, session?: ConnectSession): ConnectMessage => ({ type: 'ads-gateway:connect', version: 1, status: 'error', code, platform: session?.platform ?? null });

/**
 * The hosted Connect page: `/connect/{token}` trades the link's token for a cookie and redirects to
 * token-less pages (choose a platform → its OAuth → choose accounts → done). Plain links and forms;
 * connect.js only adds the popup's postMessage. Every answer is a page, never JSON.
 */
export function connectPages(deps: AppDeps): Router {
  const router = Router();
  const { sessions, flow } = deps.services.connect;
  const limits = abuseLimitsOf(deps);
  const nameOf = (w: Words, platform: string | null | undefined) => (platform && isPlatform(platform) ? displayNameOf(platform) : w.t.thePlatform);
  const baseOf = (req: Request) => gatewayBase(deps.config.PUBLIC_URL, `${req.protocol}://${req.get('host')}`);

  const send = (res: Response, page: Html, o: { status?: number; origins?: string[]; formAction?: string[] } = {}) =>
    sendPage(res, page, { status: o.status, frameAncestors: o.origins, formAction: o.formAction });

  /** Without a session, the browser's language. */
  const browserWords = (req: Request) => wordsFor(undefined, req);

  const problem = (res: Response, w: Words, p: Problem, live?: Pick<Live, 'session' | 'origins'>) =>
    send(res, problemPage(w, { title: p.title, text: p.text, links: waysOn(w, live?.session, p), message: live ? { message: errorMessage(p.code, live.session), origins: live.origins } : undefined }), {
      status: p.status,
      origins: live?.origins,
    });

  /** The session this browser's cookie names; answers the problem page itself when there is none. */
  async function live(req: Request, res: Response): Promise<Live | undefined> {
    const r = await sessions.resume(req.ctx.em, readConnectCookie(req));
    if (r.kind === 'none') return void problem(res, browserWords(req), sessionProblem(browserWords(req), 'none'));
    const base = baseOf(req);
    const origins = await sessions.origins(req.ctx.em, r.session, base);
    const w = wordsFor(r.session.locale, req);
    if (r.kind === 'expired') return void problem(res, w, sessionProblem(w, 'expired'), { session: r.session, origins });
    return { session: r.session, w, secret: r.secret, base, origins };
  }

  /** A form from this page of this browser session: same site, and carrying the session's own field. */
  async function posted(req: Request, res: Response): Promise<Live | undefined> {
    const s = await live(req, res);
    if (!s) return undefined;
    if (isCrossSite(req, [new URL(s.base).origin]) || !csrfMatches(s.secret, field(req, 'csrf'))) return void problem(res, s.w, sessionProblem(s.w, 'crossSite'), s);
    return s;
  }

  // Its own HTML answer to a failure of ours; the platform's refusals become their own page.
  const page = (fn: (req: Request, res: Response) => Promise<void>) => async (req: Request, res: Response) => {
    try {
      await fn(req, res);
    } catch (err) {
      if (res.headersSent) throw err;
      const w = browserWords(req);
      if (isAppError(err) && /^PLATFORM_/.test(err.code)) return problem(res, w, platformProblem(w, err.code, w.t.thePlatform));
      if (isAppError(err) && err.code === 'VALIDATION_FAILED') return problem(res, w, sessionProblem(w, 'unusable'));
      req.ctx.log.error({ err }, 'connect page failed');
      problem(res, w, sessionProblem(w, 'broken'));
    }
  };

  router.use('/connect', async (req, res, next) => {
    // Keeps window.opener across the popup's navigations (helmet's default would cut it off).
    res.setHeader('Cross-Origin-Opener-Policy', 'unsafe-none');
    try {
      limits.checkBlocked(clientIp(req));
      await limits.consumePublic(clientIp(req));
    } catch (err) {
      if (isAppError(err) && err.retryAfter) res.setHeader('Retry-After', String(err.retryAfter));
      return problem(res, browserWords(req), sessionProblem(browserWords(req), 'rateLimited'));
    }
    next();
  });

  router.get('/connect', page(async (req, res) => {
    const s = await live(req, res);
    if (!s) return;
    const platforms = await sessions.offered(req.ctx.em, s.session);
    const back = returnTo(s.session, { status: 'error', code: 'CANCELLED' });
    send(res, choosePlatformPage(s.w, { csrf: csrfFor(s.secret), platforms, cancel: back ? { href: back, label: s.w.t.cancelAndBack(new URL(back).host) } : undefined }), {
      origins: s.origins,
      // The platform choice redirects on to the platform's sign-in; form-action covers redirects too.
      formAction: platforms.map((p) => p.authorizeOrigin),
    });
  }));

  router.post('/connect/platform', formBody, page(async (req, res) => {
    const s = await posted(req, res);
    if (!s) return;
    res.redirect(303, await flow.start(req.ctx.em, s.session, field(req, 'platform'), s.base));
  }));

  router.get('/connect/return', page(async (req, res) => {
    const s = await live(req, res);
    if (!s) return;
    const outcome = await flow.returned(req.ctx.em, s.session, { status: q(req, 'status'), platform: q(req, 'platform'), connectionId: q(req, 'connectionId', 64), code: q(req, 'code', 64) });
    if (!outcome.ok) return problem(res, s.w, oauthProblem(s.w, outcome.code, nameOf(s.w, s.session.platform)), s);
    res.redirect(303, '/connect/accounts');
  }));

  router.get('/connect/accounts', page(async (req, res) => {
    const s = await live(req, res);
    if (!s) return;
    if (!s.session.connectionId) return problem(res, s.w, sessionProblem(s.w, 'notConnected'), s);
    const accounts = await flow.accounts(req.ctx.em, s.session);
    send(res, chooseAccountsPage(s.w, { csrf: csrfFor(s.secret), platformName: nameOf(s.w, s.session.platform), accounts }), { origins: s.origins, formAction: returnOrigin(s.session) });
  }));

  router.post('/connect/accounts', formBody, page(async (req, res) => {
    const s = await posted(req, res);
    if (!s) return;
    if (!s.session.connectionId) return problem(res, s.w, sessionProblem(s.w, 'notConnected'), s);
    const raw = (req.body as Record<string, unknown>).account;
    const chosen = (Array.isArray(raw) ? raw : [raw]).filter((v): v is string => typeof v === 'string').slice(0, 200);
    const accounts = await flow.accounts(req.ctx.em, s.session);
    if (!chosen.length && !accounts.some((a) => a.status === 'active')) {
      const again = chooseAccountsPage(s.w, { csrf: csrfFor(s.secret), platformName: nameOf(s.w, s.session.platform), accounts, problem: s.w.t.tickOne });
      return send(res, again, { status: 400, origins: s.origins, formAction: returnOrigin(s.session) });
    }
    const { failed } = await flow.activate(req.ctx.em, s.session, chosen);
    if (failed.length) return problem(res, s.w, activationProblem(s.w, failed, nameOf(s.w, s.session.platform)), s);
    // A popup (connect.js says so) ends on the success page, which posts to its opener; a full-page visit goes back to returnUrl.
    const back = field(req, 'opener') === '1' ? undefined : returnTo(s.session, { status: 'success', connectionId: s.session.connectionId, platform: s.session.platform ?? '' });
    res.redirect(303, back ?? '/connect/done');
  }));

  router.get('/connect/done', page(async (req, res) => {
    const s = await live(req, res);
    if (!s) return;
    if (!s.session.completedAt) return res.redirect(303, s.session.connectionId ? '/connect/accounts' : '/connect');
    const summary = await flow.summary(req.ctx.em, s.session);
    const message: ConnectMessage = {
      type: 'ads-gateway:connect',
      version: 1,
      status: 'success',
      platform: summary.platform,
      connectionId: summary.connectionId,
      externalUserId: summary.externalUserId,
      adAccountIds: summary.adAccounts.map((a) => a.adAccountId),
    };
    const back = returnTo(s.session, { status: 'success', connectionId: summary.connectionId, platform: summary.platform });
    send(res, donePage(s.w, { platformName: nameOf(s.w, summary.platform), accounts: summary.adAccounts, back: back ? { href: back, label: s.w.t.backTo(new URL(back).host) } : undefined, message, origins: s.origins }), {
      origins: s.origins,
    });
  }));

  // The link itself, last: the literal pages above are never taken for a token.
  router.get('/connect/:token', page(async (req, res) => {
    const token = String(req.params.token);
    const opened = await sessions.open(req.ctx.em, token);
    if (opened.kind === 'opened') {
      setConnectCookie(res, opened.cookie, baseOf(req).startsWith('https:'));
      return res.redirect(303, '/connect');
    }
    if (opened.kind === 'unknown') return problem(res, browserWords(req), linkProblem(browserWords(req), 'unknown'));
    // The browser that opened the link, coming back to it (history, reload): carry on where it was.
    const mine = opened.kind === 'used' ? await sessions.resume(req.ctx.em, readConnectCookie(req)) : undefined;
    if (mine?.kind === 'ok' && mine.session.id === opened.session.id) return res.redirect(303, '/connect');
    const w = wordsFor(opened.session.locale, req);
    problem(res, w, linkProblem(w, opened.kind), { session: opened.session, origins: await sessions.origins(req.ctx.em, opened.session, baseOf(req)) });
  }));

  router.use('/connect', (req, res) => problem(res, browserWords(req), sessionProblem(browserWords(req), 'notFound')));
  const failed: ErrorRequestHandler = (err, req, res, _next) => {
    req.ctx.log.warn({ err }, 'connect page request refused');
    problem(res, browserWords(req), sessionProblem(browserWords(req), 'unreadable'));
  };
  router.use('/connect', failed);
  return router;
}

/** The accounts form redirects on to returnUrl; the page's form-action must allow that origin. */
const returnOrigin = (session: ConnectSession): string[] => (session.returnUrl ? [new URL(session.returnUrl).origin] : []);
