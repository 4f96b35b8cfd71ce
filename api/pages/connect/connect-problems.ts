import type { ConnectSession } from '../../../shared/domain/connect/connect-sessions.service';
import type { ActivationFailure } from '../../../shared/domain/connect/connect-flow.service';
import type { Html } from '../html';
import type { ConnectText, Words } from './connect-text';
import type { Link } from './connect-views';

/** A problem as the person sees it: plain words, an HTTP status, the code the tenant gets, ways on. */
export interface Problem {
  status: number;
  title: string;
  text: string | Html;
  /** Reported to the tenant (postMessage, returnUrl `code`). */
  code: string;
  /** A way to carry on in the page (the browser session is still good). */
  again?: Link;
}

/** `returnUrl` with the outcome added, for the "back" link and the redirect flow. */
export function returnTo(session: ConnectSession, params: Record<string, string>): string | undefined {
  if (!session.returnUrl) return undefined;
  const u = new URL(session.returnUrl);
  for (const [k, v] of Object.entries(params)) u.searchParams.set(k, v);
  return u.toString();
}

/** The ways on from a problem page: try again (when possible) and back to the tenant's app (when known). */
export function waysOn(w: Words, session: ConnectSession | undefined, p: Problem): Link[] {
  const out: Link[] = p.again ? [p.again] : [];
  const back = session && returnTo(session, { status: 'error', code: p.code });
  if (back) out.push({ href: back, label: w.t.backTo(new URL(back).host), secondary: out.length > 0 });
  return out;
}

const tryAgain = (t: ConnectText): Link => ({ href: '/connect', label: t.tryAgain });
const problem = (status: number, code: string, [title, text]: [string, string | Html], again?: Link): Problem => ({ status, code, title, text, ...(again ? { again } : {}) });
const withStartAgain = (t: ConnectText, [title, text]: [string, string]): [string, string] => [title, `${text} ${t.startAgain}`];

type LinkProblem = 'unknown' | 'expired' | 'used';

export function linkProblem(w: Words, kind: LinkProblem): Problem {
  const { t } = w;
  if (kind === 'unknown') return problem(404, 'SESSION_NOT_FOUND', withStartAgain(t, t.linkUnknown));
  if (kind === 'expired') return problem(410, 'SESSION_EXPIRED', withStartAgain(t, t.linkExpired));
  return problem(410, 'SESSION_USED', withStartAgain(t, t.linkUsed));
}

type SessionProblem = 'none' | 'expired' | 'crossSite' | 'notConnected' | 'rateLimited' | 'unusable' | 'notFound' | 'broken' | 'unreadable';

export function sessionProblem(w: Words, kind: SessionProblem): Problem {
  const { t } = w;
  switch (kind) {
    case 'none':
      return problem(400, 'SESSION_NOT_FOUND', t.noSession);
    case 'expired':
      return problem(410, 'SESSION_EXPIRED', withStartAgain(t, t.sessionExpired));
    case 'crossSite':
      return problem(403, 'FORBIDDEN', t.crossSite, tryAgain(t));
    case 'notConnected':
      return problem(400, 'CONNECTION_NOT_FOUND', t.notConnected, tryAgain(t));
    case 'rateLimited':
      return problem(429, 'RATE_LIMITED', t.rateLimited);
    case 'unusable':
      return problem(400, 'VALIDATION_FAILED', t.unusable, tryAgain(t));
    case 'notFound':
      return problem(404, 'NOT_FOUND', t.notFound, tryAgain(t));
    case 'broken':
      return problem(500, 'INTERNAL', t.broken, tryAgain(t));
    case 'unreadable':
      return problem(400, 'INTERNAL', t.unreadable, tryAgain(t));
  }
}

/** What the platform's OAuth callback reported, in plain words. */
export function oauthProblem(w: Words, code: string, platformName: string): Problem {
  if (code === 'ACCESS_DENIED') return problem(403, code, w.t.denied(platformName), tryAgain(w.t));
  if (code === 'STATE_EXPIRED' || code === 'STATE_REUSED') return problem(410, code, w.t.tooSlow(platformName), tryAgain(w.t));
  return platformProblem(w, code, platformName);
}

export const platformProblem = (w: Words, code: string, platformName: string): Problem => problem(502, code, w.t.platformError(platformName, code), tryAgain(w.t));

/** Accounts that could not be activated; the others chosen were. */
export function activationProblem(w: Words, failed: ActivationFailure[], platformName: string): Problem {
  const { t } = w;
  const backToList: Link = { href: '/connect/accounts', label: t.backToList };
  const label = (f: ActivationFailure) => `${f.name ?? f.adAccountId} (${t.accountId(f.adAccountId)})`;
  const taken = failed.filter((f) => f.code === 'AD_ACCOUNT_OWNED_BY_OTHER');
  if (taken.length === failed.length) {
    const many = taken.length > 1;
    return problem(409, 'AD_ACCOUNT_OWNED_BY_OTHER', [t.takenTitle(many), t.takenText(taken.map(label).join(', '), many)], backToList);
  }
  return problem(502, failed[0]!.code, [t.refusedTitle(platformName), t.refusedText(failed.map(label).join(', '))], backToList);
}
