/**
 * In-memory platform state: users, customers (accounts), and per-account entity lists with id indexes.
 * Entity lists are per account so list/search work is O(account), never O(all data).
 */
export type CustomerStatus = 'ENABLED' | 'CANCELED' | 'SUSPENDED' | 'CLOSED';
export type EntityStatus = 'ENABLED' | 'PAUSED' | 'REMOVED';

export interface Customer {
  id: string;
  descriptiveName: string;
  currencyCode: string;
  timeZone: string;
  manager: boolean;
  testAccount: boolean;
  status: CustomerStatus;
  autoTaggingEnabled: boolean;
  hidden: boolean;
  parentId?: string;
  clientIds: string[];
}

export interface Campaign {
  id: string;
  customerId: string;
  name: string;
  status: EntityStatus;
  advertisingChannelType: string;
  biddingStrategyType: string;
  budgetId: string;
  /** yyyy-MM-dd; exposed as start_date (<v23) or start_date_time (v23+). */
  startDate: string;
  endDate?: string;
  /** First day number (days since epoch) that has metrics; created campaigns have none. */
  metricsFrom: number;
}

export interface AdGroup {
  id: string;
  customerId: string;
  campaignId: string;
  name: string;
  status: EntityStatus;
  type: string;
  cpcBidMicros: number;
  metricsFrom: number;
}

export interface AdGroupAd {
  adId: string;
  adGroupId: string;
  campaignId: string;
  customerId: string;
  status: EntityStatus;
  type: string;
  name: string;
  finalUrls: string[];
  adStrength: string;
  metricsFrom: number;
}

export interface Criterion {
  criterionId: string;
  adGroupId: string;
  campaignId: string;
  customerId: string;
  status: EntityStatus;
  type: string;
  negative: boolean;
  keywordText: string;
  matchType: string;
  qualityScore?: number;
  cpcBidMicros?: number;
  metricsFrom: number;
}

export interface Asset {
  id: string;
  customerId: string;
  name: string;
  type: string;
  text?: string;
  finalUrls: string[];
}

/** A campaign budget (CampaignBudget resource); seeded campaigns get theirs on first use. */
export interface Budget {
  id: string;
  customerId: string;
  name: string;
  amountMicros: bigint;
  status: 'ENABLED' | 'REMOVED';
  explicitlyShared: boolean;
}

export interface AccountData {
  customerId: string;
  campaigns: Campaign[];
  adGroups: AdGroup[];
  ads: AdGroupAd[];
  criteria: Criterion[];
  assets: Asset[];
  campaignById: Map<string, Campaign>;
  adGroupById: Map<string, AdGroup>;
  budgetById: Map<string, Budget>;
  /** Bumped on every write, so cached query results are never served stale. */
  version: number;
}

export interface SimUser {
  name: string;
  email: string;
  /** Customers the user can reach directly (listAccessibleCustomers); managers give access below them. */
  customerIds: string[];
}

export function emptyAccount(customerId: string): AccountData {
  return {
    customerId,
    campaigns: [],
    adGroups: [],
    ads: [],
    criteria: [],
    assets: [],
    campaignById: new Map(),
    adGroupById: new Map(),
    budgetById: new Map(),
    version: 0,
  };
}

export function addCampaign(acct: AccountData, c: Campaign): void {
  acct.campaigns.push(c);
  acct.campaignById.set(c.id, c);
}

/**
 * The budget with this id, made on first use for seeded and created campaigns: a daily, not
 * explicitly shared budget of 10–100 units (deterministic per id), so reads and writes agree.
 */
export function budgetOf(acct: AccountData, id: string): Budget {
  let b = acct.budgetById.get(id);
  if (!b) {
    b = { id, customerId: acct.customerId, name: `Budget ${id}`, amountMicros: BigInt(10 + (Number(id.slice(-6)) % 10) * 10) * 1_000_000n, status: 'ENABLED', explicitlyShared: false };
    acct.budgetById.set(id, b);
  }
  return b;
}

/** Every budget a campaign of the account points at, in campaign order. */
export function budgetsOf(acct: AccountData): Budget[] {
  const seen = new Set<string>();
  const out: Budget[] = [];
  for (const c of acct.campaigns) {
    if (seen.has(c.budgetId)) continue;
    seen.add(c.budgetId);
    out.push(budgetOf(acct, c.budgetId));
  }
  return out;
}

export function addAdGroup(acct: AccountData, g: AdGroup): void {
  acct.adGroups.push(g);
  acct.adGroupById.set(g.id, g);
}

let generations = 0;

export class GoogleState {
  /** Distinguishes re-seeded states, so caches keyed by account version never mix them. */
  readonly generation = ++generations;
  readonly users = new Map<string, SimUser>();
  readonly customers = new Map<string, Customer>();
  private readonly accounts = new Map<string, AccountData>();
  /** Builders for accounts generated on first use (the large benchmark account). */
  private readonly lazy = new Map<string, () => AccountData>();
  private nextId = 90_000_000_000;

  addCustomer(c: Customer, data?: AccountData | (() => AccountData)): void {
    this.customers.set(c.id, c);
    if (typeof data === 'function') this.lazy.set(c.id, data);
    else this.accounts.set(c.id, data ?? emptyAccount(c.id));
  }

  account(customerId: string): AccountData {
    let acct = this.accounts.get(customerId);
    if (!acct) {
      const build = this.lazy.get(customerId);
      acct = build ? build() : emptyAccount(customerId);
      this.lazy.delete(customerId);
      this.accounts.set(customerId, acct);
    }
    return acct;
  }

  /** Ids for objects created through mutate; above every seeded id. */
  newId(): string {
    return String(++this.nextId);
  }

  /** Whether `target` is `root` or sits below it in the manager hierarchy. */
  isUnder(target: string, root: string): boolean {
    let cur: string | undefined = target;
    for (let i = 0; cur && i < 20; i++) {
      if (cur === root) return true;
      cur = this.customers.get(cur)?.parentId;
    }
    return false;
  }

  /** The manager hierarchy below `rootId` (self at level 0), breadth first. */
  hierarchy(rootId: string): Array<{ customer: Customer; level: number }> {
    const root = this.customers.get(rootId);
    if (!root) return [];
    const out = [{ customer: root, level: 0 }];
    for (let i = 0; i < out.length; i++) {
      const { customer, level } = out[i]!;
      for (const id of customer.clientIds) {
        const c = this.customers.get(id);
        if (c) out.push({ customer: c, level: level + 1 });
      }
    }
    return out;
  }
}
