import type { RedisClient } from '../../../infra/redis';
import { AppError, isAppError } from '../../../errors/app-error';
import type { Logger } from '../../../infra/logger';
import { andThen } from '../../../infra/maybe-async';
import type { PlatformCaller } from '../../core/caller';
import { callOperation } from '../../core/call-operation';
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
import { mergeFanOut, type FailedAccountItem } from '../operations/fan-out';
import { pageFromSearch, rowsFromStream, searchCall, searchStreamCall, type GoogleRow } from '../operations/search';
import { CurrencyCache } from './currency-cache';
import { FanOutGate } from './fan-out-gate';
import { googleConfig } from '../config';

export interface GoogleAdsDeps {
  redis: RedisClient;
  prefix: string;
  logger: Logger;
  /** Accounts one fan-out queries at once (GOOGLE_GAQL_CONCURRENCY). */
  concurrency: number;
  /** Calls every fan-out of this process runs at once in all: the client's fan-out connections (GOOGLE_FANOUT_CONNECTIONS). */
  fanOutConnections: number;
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

const customerOf = (c: PlatformCaller) => c.ref.platformAccountId!;

// The metrics label every account's call would get folded from its own path, named once rather
// than derived per call from a path that differs per account.
const SEARCH_STREAM = callOperation(searchStreamCall('0', ''));

/**
 * Google reads of the search surface (GAQL fan-out, accessible accounts, assets) over callers the
 * route got from the ad-account guard: every target is an account the user owns, or a client
 * reached through one.
 */
export class GoogleAdsService {
  private readonly currencies: CurrencyCache;
  private readonly gate: FanOutGate;

  constructor(private readonly deps: GoogleAdsDeps) {
    this.currencies = new CurrencyCache(deps.redis, deps.prefix, deps.currencyTtlSeconds);
    this.gate = new FanOutGate(deps.fanOutConnections);
  }

  /** The most accounts one GAQL request may cover (GOOGLE_GAQL_MAX_ACCOUNTS). */
  get maxAccounts(): number {
    return this.deps.maxAccounts;
  }

  /**
   * With includeClients, a manager is replaced by its enabled non-manager clients, reached through
   * it on the same connection (owned through it).
   */
  async expandTargets(guarded: PlatformCaller[], includeClients: boolean): Promise<{ targets: PlatformCaller[]; known: Map<string, string> }> {
    const known = new Map<string, string>();
    const targets: PlatformCaller[] = [];
    const add = (t: PlatformCaller) => {
      if (!targets.some((x) => customerOf(x) === customerOf(t))) targets.push(t);
    };
    for (const self of guarded) {
      if (!includeClients) {
        add(self);
        continue;
      }
      const id = customerOf(self);
      const tree = managerTreeFrom(id, rowsFromStream(await self.request({ ...searchStreamCall(id, CLIENTS_QUERY), kind: 'read' })));
      if (!tree.isManager) {
        add(self);
        continue;
      }
      for (const c of tree.clients) {
        if (c.currencyCode) known.set(c.id, c.currencyCode);
        // The header names the top manager the user reaches; clients of a sub-tree sit below it too.
        add(self.forAccount({ platformAccountId: c.id, loginCustomerId: self.ref.loginCustomerId ?? id }));
      }
    }
    if (targets.length > this.deps.maxAccounts) {
      throw new AppError('VALIDATION_FAILED', `The query would cover ${targets.length} accounts; at most ${this.deps.maxAccounts} are allowed per request`, {
        details: [{ path: 'query.adAccountId', message: `more than ${this.deps.maxAccounts} accounts` }],
      });
    }
    for (const [id, code] of known) await this.currencies.set(id, code);
    return { targets, known };
  }

  /**
   * Runs one checked query over the targets, each account's calls on the fan-out connections and
   * through the gate that shares them with concurrent fan-outs; see GaqlResult for failures.
   */
  async runGaql(targets: PlatformCaller[], gaqlQuery: string, known = new Map<string, string>()): Promise<GaqlResult> {
    const accountIds = targets.map(customerOf);
    const cached = await this.currencies.getMany(accountIds.filter((id) => !known.has(id)));
    const currencyCodes: Record<string, string> = {};
    const query = (t: PlatformCaller, id: string) =>
      t.request({ ...searchStreamCall(id, gaqlQuery), kind: 'read', lane: 'fan-out', operation: SEARCH_STREAM }).then(rowsFromStream);
    const results = await this.gate.map(targets, this.deps.concurrency, (t) => {
      const id = customerOf(t);
      // A known currency (nearly every account after the first query) is used at once, without a promise.
      const currency = known.get(id) ?? cached.get(id) ?? this.fetchCurrency(t);
      return Promise.resolve(
        andThen(currency, (code) => {
          if (code) currencyCodes[id] = code;
          return query(t, id);
        }),
      );
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
  private async fetchCurrency(t: PlatformCaller): Promise<string | null> {
    const id = customerOf(t);
    try {
      const code = currencyFrom(rowsFromStream(await t.request({ ...searchStreamCall(id, CURRENCY_QUERY), kind: 'read', lane: 'fan-out' })));
      if (code) await this.currencies.set(id, code);
      return code;
    } catch {
      return null;
    }
  }

  async assets(caller: PlatformCaller, query: string, pageToken?: string): Promise<AssetsPage> {
    return assetsPageFrom(await caller.request({ ...assetsCall(customerOf(caller), query, pageToken), kind: 'read' }));
  }

  /**
   * customers:listAccessibleCustomers over a caller for the user's Google connection (no account),
   * each id enriched with its name, currency, time zone and manager flag. Accounts that cannot be
   * read (cancelled, no permission) are listed with their error.
   */
  async listAccessible(connection: PlatformCaller) {
    const body = await connection.request({ ...listAccessibleCustomersCall, kind: 'read' });
    const ids = customerIdsFrom(body);
    const infos = await this.gate.map(ids, this.deps.concurrency, async (id) => {
      const direct = connection.forAccount({ platformAccountId: id, loginCustomerId: null });
      const page = pageFromSearch(await direct.request({ ...searchCall(id, CUSTOMER_INFO_QUERY), kind: 'read', lane: 'fan-out' }));
      const info = customerInfoFrom(id, page.results);
      if (!info) throw new AppError('NOT_FOUND', `Google Ads customer ${id} was not found`);
      if (info.currencyCode) await this.currencies.set(id, info.currencyCode);
      return info;
    });
    const accounts: Array<CustomerInfo | { resourceName: string; id: string; error: { code: string; message: string } }> = infos.map((r, i) =>
      r.ok ? r.value : { resourceName: `customers/${ids[i]}`, id: ids[i]!, error: errorView(r.error) },
    );
    return { connectionId: connection.ref.connectionId, resourceNames: ids.map((id) => `customers/${id}`), accounts };
  }
}

function errorView(e: unknown): { code: string; message: string } {
  return isAppError(e) ? { code: e.code, message: e.message } : { code: 'INTERNAL', message: 'Unexpected failure' };
}

/** Built once per process (Services.google), with Google's config slice read from the config. */
export function createGoogleAdsService(infra: { config: { REDIS_PREFIX: string }; redis: RedisClient; logger: Logger }): GoogleAdsService {
  const c = googleConfig(infra.config);
  return new GoogleAdsService({
    redis: infra.redis,
    prefix: infra.config.REDIS_PREFIX,
    logger: infra.logger.child({ component: 'google-ads' }),
    concurrency: c.GOOGLE_GAQL_CONCURRENCY,
    fanOutConnections: c.GOOGLE_FANOUT_CONNECTIONS,
    maxAccounts: c.GOOGLE_GAQL_MAX_ACCOUNTS,
    currencyTtlSeconds: c.GOOGLE_CURRENCY_CACHE_SECONDS,
  });
}
