import { AppError, isAppError } from '../../errors/app-error';
import type { Logger } from '../../infra/logger';
import { withSourceText } from '../../infra/json-text';
import { andThen, type MaybeAsync } from '../../infra/maybe-async';
import { platformModules } from '../../platforms';
import type { PlatformCaller } from '../../platforms/core/caller';
import { proxyPathSegments, withPlatformError, type ProxyMethod, type ProxyRequest, type ProxyRules, type ProxyTarget } from '../../platforms/core/proxy-rules';
import type { ProxyWriteParams } from '../../platforms/core/proxy-write';
import type { AdAccountGuard, GuardedAccount } from '../ad-accounts/guard.service';
import type { AuthContext } from '../identity/auth-context';
import { ObjectOwners } from './object-owners';

/** What the proxy needs of the services (docs/proxy.md). */
export interface ProxyDeps {
  guard: Pick<AdAccountGuard, 'checkNow' | 'checkMany'>;
  callerFor(account: GuardedAccount): PlatformCaller;
  apiBase(platform: string): string;
  /** PROXY_MAX_RESPONSE_BYTES: the largest answer read. */
  maxResponseBytes: number;
  logger: Logger;
}

/** A proxied request as the route hands it over: the raw path after `/proxy/`, the caller's query (gateway parameters removed) and body. */
export interface ProxyCall {
  auth: AuthContext;
  platform: string;
  method: ProxyMethod;
  rawPath: string;
  query: Record<string, unknown>;
  body: unknown;
  /** `adAccountId` of the query: the account an object or allow-listed path is reached through. */
  adAccountId?: string;
  /** The proxy's own path prefix on this surface (`/api/v1/facebook/proxy`), for rewritten links. */
  prefix: string;
}

/** Where a proxied request goes, after every ownership check passed. */
export interface ProxyPlan {
  account: GuardedAccount;
  caller: PlatformCaller;
  rules: ProxyRules;
  path: string;
  query: Record<string, unknown>;
  body: unknown;
  /** The bounded metrics label: method and the path's first segment. */
  operation: string;
  /** A write: run as a job (`<platform>.proxyWrite`), never sent by the api itself. */
  write: boolean;
}


const notAllowed = (platform: string, rule: string, why: string) =>
  new AppError('PROXY_PATH_NOT_ALLOWED', `The ${platform} proxy does not reach this path (${rule}): ${why}`, { details: [{ rule, message: why }] });

const RULES = new Map<string, ProxyRules>(platformModules.flatMap((m) => (m.proxyRules ? [[m.name, m.proxyRules] as const] : [])));

export function proxyRulesOf(platform: string): ProxyRules {
  const rules = RULES.get(platform);
  if (!rules) throw new AppError('ROUTE_NOT_FOUND', `No proxy for ${platform}`);
  return rules;
}

/**
 * The passthrough proxy: which accounts a raw platform request names (the platform module's rules),
 * the guard on each of them before any platform call, then the call through the account's caller
 * and an answer without a credential in it.
 */
export class ProxyService {
  private readonly owners = new ObjectOwners();
  // A Page an account promotes can be added at any time: kept for a minute, not ten.
  private readonly accountObjects = new ObjectOwners(60_000, 1_000);
  private readonly labels = new Map<string, Set<string>>();

  constructor(private readonly deps: ProxyDeps) {}

  /** The checked plan; ready at once when the guard's answer is cached and the path needs no object lookup. */
  plan(call: ProxyCall): MaybeAsync<ProxyPlan> {
    const rules = proxyRulesOf(call.platform);
    if (!rules.methods.includes(call.method)) throw notAllowed(call.platform, 'method', `${call.method} is not a method of this platform's API`);
    const { segments, decoded } = proxyPathSegments(call.rawPath);
    const write = call.method !== 'GET' && !rules.readingPost?.test(decoded.join('/'));
    const reserved = rules.reservedQuery.find((k) => k in call.query);
    if (reserved) throw new AppError('VALIDATION_FAILED', `${reserved} is set by the gateway`, { details: [{ path: `query.${reserved}`, message: 'set by the gateway' }] });
    const req: ProxyRequest = { method: call.method, segments, decoded, query: call.query, body: call.body };
    const target = rules.target(req);
    return andThen(this.owningAccount(call, rules, req, target), (account) => {
      const caller = this.deps.callerFor(account);
      const plan: ProxyPlan = { account, caller, rules, path: call.rawPath, query: call.query, body: call.body, operation: this.label(call.platform, call.method, decoded[0]!), write };
      if (target.kind === 'object' && rules.ownerOf) return this.checkObject(call, rules, caller, account, decoded[0]!).then(() => plan);
      return plan;
    });
  }

  /**
   * A read through the caller (limiter, retries, read deadline). The HTTP client reads the answer
   * up to the size limit and replaces the token wherever it appears (`passthrough`); paging links
   * are rewritten to the proxy; a platform error carries the platform's error object.
   */
  async read(call: ProxyCall, plan: ProxyPlan): Promise<unknown> {
    const method = call.method === 'POST' ? 'POST' : 'GET';
    let body: unknown;
    try {
      body = await plan.caller.request({
        method,
        path: plan.path,
        query: plan.query,
        body: method === 'POST' ? plan.body : undefined,
        kind: 'read',
        operation: plan.operation,
        passthrough: { maxResponseBytes: this.deps.maxResponseBytes },
      });
    } catch (e) {
      throw withPlatformError(e, plan.rules);
    }
    // Sent as the platform's own text unless a link in it had to be rewritten (a new value then).
    return withSourceText(plan.rules.rewriteLinks ? plan.rules.rewriteLinks(body, (url) => this.proxyLink(call, url)) : body);
  }

  /** What a write job runs: the request as checked, nothing of the caller's credentials. */
  writeParams(call: ProxyCall, plan: ProxyPlan): ProxyWriteParams {
    return { method: call.method as ProxyWriteParams['method'], path: plan.path, query: plan.query, ...(plan.body !== undefined ? { body: plan.body } : {}), operation: plan.operation };
  }

  private owningAccount(call: ProxyCall, rules: ProxyRules, req: ProxyRequest, target: ProxyTarget): MaybeAsync<GuardedAccount> {
    if (target.kind === 'accounts') {
      // One account (nearly every request): the guard's single check, which throws the same errors.
      if (target.ids.length === 1) return this.deps.guard.checkNow(call.auth, call.platform, target.ids[0]!);
      return this.deps.guard.checkMany(call.auth, call.platform, target.ids).then((checked) => {
        const failed = checked.find((c) => !c.ok);
        if (failed && !failed.ok) throw failed.error;
        return (checked[0] as { value: GuardedAccount }).value;
      });
    }
    if (target.kind === 'denied') {
      const path = req.decoded.join('/');
      if (!rules.allowList.some((a) => a.methods.includes(call.method) && a.pattern.test(path))) throw notAllowed(call.platform, target.rule, target.why);
    }
    // An object, or an allow-listed path: reached through the account the caller names.
    if (!call.adAccountId) {
      throw new AppError('VALIDATION_FAILED', 'adAccountId is required for this path: the ad account it is reached through', {
        details: [{ path: 'query.adAccountId', message: 'Required' }],
      });
    }
    return this.deps.guard.checkNow(call.auth, call.platform, call.adAccountId);
  }

  /** An object path: the object must be in the named account (404 otherwise, as if it did not exist). */
  private async checkObject(call: ProxyCall, rules: ProxyRules, caller: PlatformCaller, account: GuardedAccount, objectId: string): Promise<void> {
    const owner = rules.ownerOf!;
    const found = await this.owners.get(call.platform, objectId, async () => {
      try {
        return owner.account(await caller.request({ method: 'GET', path: owner.path(objectId), query: owner.query, kind: 'read', operation: 'GET proxy:owner' }));
      } catch (e) {
        // Unknown to the platform, or not readable with this connection: not one of the caller's.
        if (isAppError(e) && (e.code === 'PLATFORM_REJECTED' || e.code === 'NOT_FOUND' || e.code === 'FORBIDDEN')) return undefined;
        throw e;
      }
    });
    if (found === account.platformAccountId) return;
    // A Page has no account_id (Meta refuses the field): allowed when the account promotes it.
    if (await this.actsFor(call.platform, rules, caller, account, objectId)) return;
    if (found === null) throw notAllowed(call.platform, 'object-not-in-ad-account', 'the object is not an ad object of an ad account, nor a Page the account promotes (a user, another Page, a business)');
    if (found !== account.platformAccountId) throw new AppError('NOT_FOUND', `Object ${objectId} was not found in ad account ${call.adAccountId}`);
  }

  /** Whether the account acts for this object though it is in no account (a Page it promotes), read once per account. */
  private async actsFor(platform: string, rules: ProxyRules, caller: PlatformCaller, account: GuardedAccount, objectId: string): Promise<boolean> {
    const edge = rules.accountObjects;
    if (!edge) return false;
    const ids = await this.accountObjects.get(platform, account.platformAccountId, async () =>
      edge.ids(await caller.request({ method: 'GET', path: edge.path(account.platformAccountId), query: edge.query, kind: 'read', operation: 'GET proxy:account-objects' })).join(','),
    );
    return typeof ids === 'string' && ids.split(',').includes(objectId);
  }

  /** A platform URL the answer carries, as the proxy's own path without credentials; null for a URL elsewhere. */
  private proxyLink(call: ProxyCall, link: string): string | null {
    let url: URL;
    let base: URL;
    try {
      url = new URL(link);
      base = new URL(this.deps.apiBase(call.platform).replace(/\/?$/, '/'));
    } catch {
      return null;
    }
    if (url.origin !== base.origin || !url.pathname.startsWith(base.pathname)) return null;
    const rules = proxyRulesOf(call.platform);
    for (const k of rules.reservedQuery) url.searchParams.delete(k);
    if (call.adAccountId && !url.searchParams.has('adAccountId')) url.searchParams.set('adAccountId', call.adAccountId);
    const search = url.searchParams.toString();
    return `${call.prefix}/${url.pathname.slice(base.pathname.length)}${search ? `?${search}` : ''}`;
  }

  /** Method and first segment, ids folded; at most 50 distinct segments per platform, then `other`. */
  private label(platform: string, method: string, first: string): string {
    const folded = /^act_\d+$/.test(first) ? 'act_:id' : /^\d+(:|$)/.test(first) ? ':id' : first;
    let seen = this.labels.get(platform);
    if (!seen) this.labels.set(platform, (seen = new Set()));
    if (!seen.has(folded) && seen.size < 50) seen.add(folded);
    return `${method} proxy:${seen.has(folded) ? folded : 'other'}`;
  }
}
