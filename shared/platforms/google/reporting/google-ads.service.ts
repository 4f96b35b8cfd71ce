import type { EntityManager } from '@mikro-orm/postgresql';
import type { Redis } from 'ioredis';
import { AppError, isAppError } from '../../../errors/app-error';
import type { Logger } from '../../../infra/logger';
import type { AuthContext } from '../../../domain/identity/auth-context';
import type { AdAccountGuard, GuardedAccount } from '../../../domain/ad-accounts/guard.service';
import type { PlatformAuthService } from '../../../domain/connections/platform-auth.service';
import { Connection } from '../../../persistence/entities/connection.entity';
import type { PlatformRegistry } from '../../core/registry';
import {
  CLIENTS_QUERY,
  CURRENCY_QUERY,
  CUSTOMER_INFO_QUERY,
  currencyFrom,
  customerIdsFrom,
  customerInfoFrom,
  listAccessibleCustomersCall,
  managerTreeFrom,
  type CustomerInfo,
} from '../operations/accounts';
import { assetsCall, assetsPageFrom, type AssetsPage } from '../operations/assets';
import { mapBounded, mergeFanOut, type FailedAccountItem } from '../operations/fan-out';
import { pageFromSearch, rowsFromStream, searchCall, searchStreamCall, type GoogleRow } from '../operations/search';
import { CurrencyCache } from './currency-cache';
import { GoogleCaller, type Target } from './google-calls';

export interface GoogleAdsDeps {
  platforms: PlatformRegistry;
  platformAuth: PlatformAuthService;
  guard: AdAccountGuard;
  redis: Redis;
  prefix: string;
  logger: Logger;
  concurrency: number;
  maxAccounts: number;
  currencyTtlSeconds: number;
}

export interface GaqlResult {
  /** Rows of every account that answered, then one `{ accountId, error }` item per failed account. */
  data: Array<GoogleRow | FailedAccountItem>;
  gaqlQuery: string;
  accountIds: string[];
  currencyCodes: Record<string, string>;
  /** Present only when some accounts failed and others answered. */
  failedAccountIds?: string[];
}

type ExternalUser = Extract<AuthContext, { kind: 'external-user' }>;

/** Google reads of the search surface (API.md §8): GAQL fan-out, accessible accounts, assets. */
export class GoogleAdsService {
  private readonly currencies: CurrencyCache;

  constructor(private readonly deps: GoogleAdsDeps) {
    this.currencies = new CurrencyCache(deps.redis, deps.prefix, deps.currencyTtlSeconds);
  }

  private async caller(tenantId: string): Promise<GoogleCaller> {
    const app = await this.deps.platformAuth.appFor({ tenantId, platform: 'google' });
    return new GoogleCaller(this.deps.platforms, this.deps.platformAuth, app);
  }

  static targetOf(a: GuardedAccount): Target {
    return { customerId: a.platformAccountId, connectionId: a.connectionId, tenantId: a.tenantId, loginCustomerId: a.loginCustomerId ?? null };
  }

  /**
   * Every listed id must pass the guard before any platform call. With includeClients, a manager
   * is replaced by its enabled non-manager clients, reached through it (owned through it).
   */
  async resolveTargets(auth: AuthContext, rawIds: readonly string[], includeClients: boolean): Promise<{ targets: Target[]; caller: GoogleCaller; known: Map<string, string> }> {
    const checks = await mapBounded(rawIds, 8, (raw) => this.deps.guard.check(auth, 'google', raw, { operationId: 'googleAds', method: 'GET' }));
    // The first refused id in the caller's order decides the answer.
    const refused = checks.find((c) => !c.ok);
    if (refused && !refused.ok) throw refused.error;
    const guarded = checks.map((c) => (c as { ok: true; value: GuardedAccount }).value);
    const caller = await this.caller(guarded[0]!.tenantId);
    const known = new Map<string, string>();
    const targets: Target[] = [];
    const add = (t: Target) => {
      if (!targets.some((x) => x.customerId === t.customerId)) targets.push(t);
    };
    for (const a of guarded) {
      const self = GoogleAdsService.targetOf(a);
      if (!includeClients) {
        add(self);
        continue;
      }
      const tree = managerTreeFrom(a.platformAccountId, rowsFromStream(await caller.send(self, searchStreamCall(a.platformAccountId, CLIENTS_QUERY))));
      if (!tree.isManager) {
        add(self);
        continue;
      }
      for (const c of tree.clients) {
        if (c.currencyCode) known.set(c.id, c.currencyCode);
        // The header names the top manager the user reaches; clients of a sub-tree sit below it too.
        add({ customerId: c.id, connectionId: a.connectionId, tenantId: a.tenantId, loginCustomerId: a.loginCustomerId ?? a.platformAccountId });
      }
    }
    if (targets.length > this.deps.maxAccounts) {
      throw new AppError('VALIDATION_FAILED', `The query would cover ${targets.length} accounts; at most ${this.deps.maxAccounts} are allowed per request`, {
        details: [{ path: 'query.adAccountId', message: `more than ${this.deps.maxAccounts} accounts` }],
      });
    }
    for (const [id, code] of known) await this.currencies.set(id, code);
    return { targets, caller, known };
  }

  /** Runs one checked query over the targets with bounded concurrency; see GaqlResult for failures. */
  async runGaql(caller: GoogleCaller, targets: Target[], gaqlQuery: string, known = new Map<string, string>()): Promise<GaqlResult> {
    const accountIds = targets.map((t) => t.customerId);
    const cached = await this.currencies.getMany(accountIds.filter((id) => !known.has(id)));
    const currencyCodes: Record<string, string> = {};
    const results = await mapBounded(targets, this.deps.concurrency, async (t) => {
      const currency = known.get(t.customerId) ?? cached.get(t.customerId) ?? (await this.fetchCurrency(caller, t));
      if (currency) currencyCodes[t.customerId] = currency;
      return rowsFromStream(await caller.send(t, searchStreamCall(t.customerId, gaqlQuery)));
    });
    const merged = mergeFanOut(accountIds, results, (e) => (isAppError(e) ? e : new AppError('INTERNAL', 'Unexpected failure')));
    for (const r of results) if (!r.ok && !isAppError(r.error)) this.deps.logger.error({ err: r.error }, 'google fan-out failed unexpectedly');
    // Nothing answered: the caller gets the platform's refusal itself (status and Retry-After).
    if (merged.failed.length === accountIds.length) throw merged.failed[0]!.error;
    const ordered = Object.fromEntries(accountIds.filter((id) => currencyCodes[id]).map((id) => [id, currencyCodes[id]!]));
    const out: GaqlResult = { data: merged.data, gaqlQuery, accountIds, currencyCodes: ordered };
    if (merged.failed.length) out.failedAccountIds = merged.failed.map((f) => f.accountId);
    return out;
  }

  /** The currency is secondary: a failed lookup leaves it out instead of failing the query. */
  private async fetchCurrency(caller: GoogleCaller, t: Target): Promise<string | null> {
    try {
      const code = currencyFrom(rowsFromStream(await caller.send(t, searchStreamCall(t.customerId, CURRENCY_QUERY))));
      if (code) await this.currencies.set(t.customerId, code);
      return code;
    } catch {
      return null;
    }
  }

  /** One guarded account (insights). */
  async runOnAccount(account: GuardedAccount, gaqlQuery: string): Promise<GaqlResult> {
    return this.runGaql(await this.caller(account.tenantId), [GoogleAdsService.targetOf(account)], gaqlQuery);
  }

  async assets(account: GuardedAccount, query: string, pageToken?: string): Promise<AssetsPage> {
    const caller = await this.caller(account.tenantId);
    const t = GoogleAdsService.targetOf(account);
    return assetsPageFrom(await caller.send(t, assetsCall(t.customerId, query, pageToken)));
  }

  /**
   * customers:listAccessibleCustomers through the caller's Google connection, each id enriched with
   * its name, currency, time zone and manager flag. Accounts that cannot be read (cancelled, no
   * permission) are listed with their error.
   */
  async listAccessible(em: EntityManager, auth: ExternalUser, connectionId?: string) {
    const conn = await this.connectionFor(em, auth, connectionId);
    const caller = await this.caller(auth.tenantId);
    const direct = { connectionId: conn.id, loginCustomerId: null };
    const body = await caller.send(direct, listAccessibleCustomersCall);
    const ids = customerIdsFrom(body);
    const infos = await mapBounded(ids, this.deps.concurrency, async (id) => {
      const page = pageFromSearch(await caller.send({ ...direct, customerId: id }, searchCall(id, CUSTOMER_INFO_QUERY)));
      const info = customerInfoFrom(id, page.results);
      if (!info) throw new AppError('NOT_FOUND', `Google Ads customer ${id} was not found`);
      if (info.currencyCode) await this.currencies.set(id, info.currencyCode);
      return info;
    });
    const accounts: Array<CustomerInfo | { resourceName: string; id: string; error: { code: string; message: string } }> = infos.map((r, i) =>
      r.ok ? r.value : { resourceName: `customers/${ids[i]}`, id: ids[i]!, error: errorView(r.error) },
    );
    return { connectionId: conn.id, resourceNames: ids.map((id) => `customers/${id}`), accounts };
  }

  private async connectionFor(em: EntityManager, auth: ExternalUser, connectionId?: string): Promise<Connection> {
    const all = await em.find(
      Connection,
      { tenantId: auth.tenantId, externalUserId: auth.userId, platform: 'google', ...(connectionId ? { id: connectionId } : {}) },
      { orderBy: { updatedAt: 'desc' } },
    );
    if (!all.length) throw new AppError('CONNECTION_NOT_FOUND', connectionId ? 'Google connection not found' : 'This user has no Google connection');
    const active = all.find((c) => c.status === 'active');
    if (!active) throw new AppError('CONNECTION_REAUTH_REQUIRED', 'The Google connection must be re-authorized');
    return active;
  }
}

function errorView(e: unknown): { code: string; message: string } {
  return isAppError(e) ? { code: e.code, message: e.message } : { code: 'INTERNAL', message: 'Unexpected failure' };
}

/** Built once per process from the platform core (Services.google). */
export function createGoogleAdsService(
  infra: { config: { REDIS_PREFIX: string; GOOGLE_GAQL_CONCURRENCY: number; GOOGLE_GAQL_MAX_ACCOUNTS: number; GOOGLE_CURRENCY_CACHE_SECONDS: number }; redis: Redis; logger: Logger },
  core: { platforms: PlatformRegistry; platformAuth: PlatformAuthService; guard: AdAccountGuard },
): GoogleAdsService {
  return new GoogleAdsService({
    ...core,
    redis: infra.redis,
    prefix: infra.config.REDIS_PREFIX,
    logger: infra.logger.child({ component: 'google-ads' }),
    concurrency: infra.config.GOOGLE_GAQL_CONCURRENCY,
    maxAccounts: infra.config.GOOGLE_GAQL_MAX_ACCOUNTS,
    currencyTtlSeconds: infra.config.GOOGLE_CURRENCY_CACHE_SECONDS,
  });
}
