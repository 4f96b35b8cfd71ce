import type { ConnectSession } from '../../../shared/persistence/entities/connect-session.entity';
import type { ActivationFailure } from '../../../shared/domain/connect/connect-flow.service';
import { html, type Html } from '../html';
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

const tryAgain: Link = { href: '/connect', label: 'Try again' };

/** `returnUrl` with the outcome added, for the "back" link and the redirect flow. */
export function returnTo(session: ConnectSession, params: Record<string, string>): string | undefined {
  if (!session.returnUrl) return undefined;
  const u = new URL(session.returnUrl);
  for (const [k, v] of Object.entries(params)) u.searchParams.set(k, v);
  return u.toString();
}

/** The ways on from a problem page: try again (when possible) and back to the tenant's app (when known). */
export function waysOn(session: ConnectSession | undefined, p: Problem): Link[] {
  const out: Link[] = p.again ? [p.again] : [];
  const back = session && returnTo(session, { status: 'error', code: p.code });
  if (back) out.push({ href: back, label: `Back to ${new URL(back).host}`, secondary: out.length > 0 });
  return out;
}

const startAgain = 'Go back to the application you came from and start connecting again to get a new link.';

export const LINK_PROBLEMS: Record<'unknown' | 'expired' | 'used', Problem> = {
  unknown: { status: 404, code: 'SESSION_NOT_FOUND', title: 'This link is not valid', text: `It may have been copied only in part. ${startAgain}` },
  expired: { status: 410, code: 'SESSION_EXPIRED', title: 'This link has expired', text: `A Connect link works for 30 minutes after it is made. ${startAgain}` },
  used: { status: 410, code: 'SESSION_USED', title: 'This link was already used', text: `A Connect link opens once, in one browser. ${startAgain}` },
};

export const SESSION_PROBLEMS = {
  none: {
    status: 400,
    code: 'SESSION_NOT_FOUND',
    title: 'This page needs its link',
    text: 'Open the Connect page from the application you came from. If you did, this browser may be refusing cookies from this site.',
  },
  expired: { status: 410, code: 'SESSION_EXPIRED', title: 'Your session has expired', text: `You have 30 minutes to finish. ${startAgain}` },
  crossSite: { status: 403, code: 'FORBIDDEN', title: 'Form refused', text: 'This form was not sent from this page. Reload the page and try again.', again: tryAgain },
  notConnected: { status: 400, code: 'CONNECTION_NOT_FOUND', title: 'No platform is connected yet', text: 'Choose a platform and sign in there first.', again: tryAgain },
  rateLimited: { status: 429, code: 'RATE_LIMITED', title: 'Too many requests', text: 'Wait a minute, then reload this page.' },
  unusable: { status: 400, code: 'VALIDATION_FAILED', title: 'This choice is not available', text: 'Go back to the start and choose again.', again: tryAgain },
  notFound: { status: 404, code: 'NOT_FOUND', title: 'Page not found', text: 'There is no such page here.', again: tryAgain },
  broken: { status: 500, code: 'INTERNAL', title: 'Something went wrong', text: 'Nothing was changed. Try again in a minute.', again: tryAgain },
} satisfies Record<string, Problem>;

/** What the platform's OAuth callback reported, in plain words. */
export function oauthProblem(code: string, platformName: string): Problem {
  if (code === 'ACCESS_DENIED') {
    return { status: 403, code, title: 'You did not allow access', text: `${platformName} was not given access to your ad accounts, so nothing was connected. You can try again, or go back.`, again: tryAgain };
  }
  if (code === 'STATE_EXPIRED' || code === 'STATE_REUSED') {
    return { status: 410, code, title: 'The sign-in took too long', text: `The ${platformName} sign-in has to be finished within 10 minutes, once. Start it again.`, again: tryAgain };
  }
  return platformProblem(code, platformName);
}

export const platformProblem = (code: string, platformName: string): Problem => ({
  status: 502,
  code,
  title: `${platformName} could not complete the connection`,
  text: html`${platformName} answered with an error (<code>${code}</code>), so nothing was connected. Try again in a minute.`,
  again: tryAgain,
});

const backToList: Link = { href: '/connect/accounts', label: 'Back to the list' };

/** Accounts that could not be activated; the others chosen were. */
export function activationProblem(failed: ActivationFailure[], platformName: string): Problem {
  const label = (f: ActivationFailure) => `${f.name ?? f.adAccountId} (ID ${f.adAccountId})`;
  const taken = failed.filter((f) => f.code === 'AD_ACCOUNT_OWNED_BY_OTHER');
  if (taken.length === failed.length) {
    return {
      status: 409,
      code: 'AD_ACCOUNT_OWNED_BY_OTHER',
      title: taken.length > 1 ? 'These ad accounts belong to someone else' : 'This ad account belongs to someone else',
      text: `${taken.map(label).join(', ')} ${taken.length > 1 ? 'are' : 'is'} already connected by another user of this application, so ${taken.length > 1 ? 'they were' : 'it was'} not activated. Any other account you chose was activated.`,
      again: backToList,
    };
  }
  return {
    status: 502,
    code: failed[0]!.code,
    title: `${platformName} refused some ad accounts`,
    text: `${failed.map(label).join(', ')} could not be activated. Any other account you chose was activated. Try again in a minute.`,
    again: backToList,
  };
}
