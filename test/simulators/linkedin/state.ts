/**
 * The simulator's world: members, ad accounts with each member's role, campaign groups, campaigns,
 * creatives, and the OAuth grants. Seeded deterministically; records are kept in LinkedIn's wire
 * shape (numeric ids, URN references, epoch-ms times, money as `{amount: string, currencyCode}`),
 * so reads return what writes stored.
 */
import { randomBytes } from 'node:crypto';
import { rng } from '../common/sim-kit';

export const ROLES = ['ACCOUNT_BILLING_ADMIN', 'ACCOUNT_MANAGER', 'CAMPAIGN_MANAGER', 'CREATIVE_MANAGER', 'VIEWER'] as const;
export type Role = (typeof ROLES)[number];

export const URN = {
  account: (id: number | string) => `urn:li:sponsoredAccount:${id}`,
  group: (id: number | string) => `urn:li:sponsoredCampaignGroup:${id}`,
  campaign: (id: number | string) => `urn:li:sponsoredCampaign:${id}`,
  creative: (id: number | string) => `urn:li:sponsoredCreative:${id}`,
  person: (id: string) => `urn:li:person:${id}`,
};

/** `urn:li:<kind>:<n>` → n, or undefined when the URN is of another kind. */
export function urnId(urn: string, kind: 'sponsoredAccount' | 'sponsoredCampaignGroup' | 'sponsoredCampaign' | 'sponsoredCreative'): number | undefined {
  const m = new RegExp(`^urn:li:${kind}:(\\d{1,19})$`).exec(urn);
  return m ? Number(m[1]) : undefined;
}

export interface Member {
  name: string;
  personId: string;
  roles: Map<number, Role>;
}

export type Rec = Record<string, unknown>;

/** One kind of ad entity, indexed by account (in id order) and by id. */
export class KindStore {
  private readonly byAccount = new Map<number, Rec[]>();
  readonly byId = new Map<string, Rec>();

  add(accountId: number, rec: Rec): Rec {
    this.byId.set(String(rec.id), rec);
    const list = this.byAccount.get(accountId);
    if (list) list.push(rec);
    else this.byAccount.set(accountId, [rec]);
    return rec;
  }

  get(accountId: number, id: string): Rec | undefined {
    const r = this.byId.get(id);
    return r && r.account === URN.account(accountId) ? r : undefined;
  }

  list(accountId: number): readonly Rec[] {
    return this.byAccount.get(accountId) ?? [];
  }

  remove(accountId: number, id: string): void {
    this.byId.delete(id);
    const list = this.byAccount.get(accountId);
    const i = list?.findIndex((r) => String(r.id) === id) ?? -1;
    if (i >= 0) list!.splice(i, 1);
  }

  count(): number {
    return this.byId.size;
  }

  clear(): void {
    this.byId.clear();
    this.byAccount.clear();
  }
}

export interface Grant {
  id: number;
  user: string;
  appId: string;
  scopes: string[];
  refreshToken: string;
  /** Fixed at the first consent: a refresh does not extend it. */
  refreshExpiresAt: number;
  revoked: boolean;
}

export interface AccessToken {
  token: string;
  grantId: number;
  expiresAt: number;
  revoked: boolean;
}

export interface AuthCode {
  user: string;
  appId: string;
  redirectUri: string;
  scopes: string[];
  expiresAt: number;
  used: boolean;
}

export interface LinkedinSize {
  /** Objects (1% groups, 19% campaigns, 80% creatives) in the benchmark account of member `bench`. */
  bigAccount?: number;
}

export const ACCESS_TTL_S = 5_184_000;
export const REFRESH_TTL_S = 31_536_000;
export const CODE_TTL_MS = 30 * 60_000;
export const BASE_TIME = Date.UTC(2025, 0, 1);
export const BIG_ACCOUNT_ID = 508000099;

interface SeedAccount {
  id: number;
  name: string;
  currency: string;
  test?: boolean;
  status?: string;
  members: [string, Role][];
  groups: number;
  campaignsPerGroup: number;
}

const ACCOUNTS: SeedAccount[] = [
  { id: 508000001, name: 'Alice Robotics US', currency: 'USD', members: [['alice', 'ACCOUNT_MANAGER'], ['bob', 'VIEWER']], groups: 3, campaignsPerGroup: 3 },
  { id: 508000002, name: 'Alice Robotics EU', currency: 'EUR', members: [['alice', 'CAMPAIGN_MANAGER']], groups: 2, campaignsPerGroup: 2 },
  { id: 508000003, name: 'Partner Agency (view only)', currency: 'USD', members: [['alice', 'VIEWER']], groups: 1, campaignsPerGroup: 2 },
  { id: 508000011, name: 'Bob Consulting', currency: 'GBP', members: [['bob', 'ACCOUNT_BILLING_ADMIN']], groups: 2, campaignsPerGroup: 2 },
  { id: 508000012, name: 'Bob Sandbox', currency: 'USD', test: true, members: [['bob', 'CREATIVE_MANAGER']], groups: 1, campaignsPerGroup: 1 },
  { id: 508000013, name: 'Bob Closed Shop', currency: 'USD', status: 'CANCELED', members: [['bob', 'ACCOUNT_MANAGER']], groups: 1, campaignsPerGroup: 1 },
];

const GROUP_STATUS = ['ACTIVE', 'ACTIVE', 'ARCHIVED'];
const CAMPAIGN_STATUS = ['ACTIVE', 'PAUSED', 'DRAFT'];
const ID_BASE = { group: 600000000, campaign: 700000000, creative: 800000000, grant: 0 };
type IdKind = keyof typeof ID_BASE;

export class LinkedinState {
  readonly members = new Map<string, Member>();
  readonly accounts = new Map<number, Rec>();
  readonly groups = new KindStore();
  readonly campaigns = new KindStore();
  readonly creatives = new KindStore();
  readonly grants = new Map<number, Grant>();
  readonly tokens = new Map<string, AccessToken>();
  readonly refreshTokens = new Map<string, number>();
  readonly codes = new Map<string, AuthCode>();
  /** Creatives with seeded delivery: analytics only has rows for these. */
  readonly serving = new Set<number>();
  private readonly counters: Record<IdKind, number> = { group: 0, campaign: 0, creative: 0, grant: 0 };

  constructor(
    readonly seed: number,
    readonly size: LinkedinSize = {},
  ) {
    this.generate();
  }

  /** Back to the seeded data; grants and tokens survive, so a connected gateway keeps working. */
  reset(): void {
    for (const m of [this.members, this.accounts]) m.clear();
    for (const s of [this.groups, this.campaigns, this.creatives]) s.clear();
    this.serving.clear();
    for (const k of ['group', 'campaign', 'creative'] as const) this.counters[k] = 0;
    this.generate();
  }

  nextId(kind: IdKind): number {
    this.counters[kind] += 1;
    return ID_BASE[kind] + this.counters[kind];
  }

  member(name: string): Member | undefined {
    return this.members.get(name);
  }

  issueCode(user: string, appId: string, redirectUri: string, scopes: string[]): string {
    const code = `AQ${randomBytes(48).toString('base64url')}`;
    this.codes.set(code, { user, appId, redirectUri, scopes, expiresAt: Date.now() + CODE_TTL_MS, used: false });
    return code;
  }

  newGrant(user: string, appId: string, scopes: string[]): Grant {
    const grant: Grant = { id: this.nextId('grant'), user, appId, scopes, refreshToken: `AQ${randomBytes(96).toString('base64url')}`, refreshExpiresAt: Date.now() + REFRESH_TTL_S * 1000, revoked: false };
    this.grants.set(grant.id, grant);
    this.refreshTokens.set(grant.refreshToken, grant.id);
    return grant;
  }

  issueAccess(grant: Grant, expiresInS = ACCESS_TTL_S): AccessToken {
    const t: AccessToken = { token: `AQ${randomBytes(180).toString('base64url')}`, grantId: grant.id, expiresAt: Date.now() + expiresInS * 1000, revoked: false };
    this.tokens.set(t.token, t);
    return t;
  }

  /** Revokes a whole grant: every access token and the refresh token. */
  revokeGrant(grantId: number): void {
    const g = this.grants.get(grantId);
    if (g) g.revoked = true;
    for (const t of this.tokens.values()) if (t.grantId === grantId) t.revoked = true;
  }

  private generate(): void {
    const r = rng(this.seed);
    for (const name of ['alice', 'bob', 'carol']) this.addMember(name);
    for (const a of ACCOUNTS) {
      this.addAccount(a, r);
      this.seedObjects(a, r);
    }
    if (this.size.bigAccount) {
      this.addMember('bench');
      const big: SeedAccount = { id: BIG_ACCOUNT_ID, name: 'Bench Mega Store', currency: 'USD', members: [['bench', 'ACCOUNT_MANAGER']], groups: 0, campaignsPerGroup: 0 };
      this.addAccount(big, r);
      this.seedBig(big.id, this.size.bigAccount);
    }
  }

  private addMember(name: string): void {
    this.members.set(name, { name, personId: `sim${name[0]!.toUpperCase()}${name.slice(1)}X1`, roles: new Map() });
  }

  private addAccount(a: SeedAccount, r: () => number): void {
    const created = BASE_TIME - Math.floor(r() * 300) * 86_400_000;
    this.accounts.set(a.id, {
      id: a.id,
      name: a.name,
      currency: a.currency,
      status: a.status ?? 'ACTIVE',
      type: 'BUSINESS',
      test: a.test ?? false,
      reference: 'urn:li:organization:2414183',
      servingStatuses: a.status === 'CANCELED' ? ['ACCOUNT_CANCELED'] : ['RUNNABLE'],
      notifiedOnCampaignOptimization: false,
      notifiedOnCreativeApproval: false,
      notifiedOnCreativeRejection: true,
      notifiedOnEndOfCampaign: false,
      notifiedOnNewFeaturesEnabled: false,
      version: { versionTag: '2' },
      changeAuditStamps: stamps(created, created),
    });
    for (const [m, role] of a.members) this.members.get(m)!.roles.set(a.id, role);
  }

  group(accountId: number, name: string, status: string, t: number, extra: Rec = {}): Rec {
    return this.groups.add(accountId, {
      id: this.nextId('group'), account: URN.account(accountId), name, status, test: this.accounts.get(accountId)?.test ?? false,
      runSchedule: { start: t }, servingStatuses: status === 'ACTIVE' ? ['RUNNABLE'] : [`CAMPAIGN_GROUP_${status}`], backfilled: false,
      allowedCampaignTypes: ['TEXT_AD', 'SPONSORED_UPDATES', 'SPONSORED_INMAILS', 'DYNAMIC'], changeAuditStamps: stamps(t, t), ...extra,
    });
  }

  campaign(accountId: number, groupId: number, name: string, status: string, t: number, currency: string, extra: Rec = {}): Rec {
    return this.campaigns.add(accountId, {
      id: this.nextId('campaign'), account: URN.account(accountId), campaignGroup: URN.group(groupId), name, status,
      type: 'SPONSORED_UPDATES', format: 'STANDARD_UPDATE', objectiveType: 'WEBSITE_VISITS', costType: 'CPC',
      unitCost: { amount: '5.50', currencyCode: currency }, dailyBudget: { amount: '50.00', currencyCode: currency },
      runSchedule: { start: t }, locale: { country: 'US', language: 'en' }, offsiteDeliveryEnabled: false, audienceExpansionEnabled: false,
      creativeSelection: 'OPTIMIZED', optimizationTargetType: 'MAX_CLICK', pacingStrategy: 'LIFETIME',
      targetingCriteria: { include: { and: [{ or: { 'urn:li:adTargetingFacet:locations': ['urn:li:geo:103644278'] } }] } },
      servingStatuses: status === 'ACTIVE' ? ['RUNNABLE'] : [`CAMPAIGN_${status}`], test: this.accounts.get(accountId)?.test ?? false,
      version: { versionTag: '1' }, changeAuditStamps: stamps(t, t), ...extra,
    });
  }

  creative(accountId: number, campaignId: number, name: string, status: string, t: number, person: string): Rec {
    const n = this.nextId('creative');
    return this.creatives.add(accountId, {
      id: URN.creative(n), account: URN.account(accountId), campaign: URN.campaign(campaignId), name, intendedStatus: status,
      isServing: status === 'ACTIVE', servingHoldReasons: status === 'ACTIVE' ? [] : ['CAMPAIGN_PAUSED'], isTest: false,
      content: { reference: `urn:li:share:71000000000${n}` }, review: { status: 'APPROVED' },
      createdAt: t, createdBy: URN.person(person), lastModifiedAt: t, lastModifiedBy: URN.person(person),
    });
  }

  /** Per account: a default group plus more; 3 campaigns per group cycle ACTIVE/PAUSED/DRAFT; 2 creatives per non-draft campaign. */
  private seedObjects(a: SeedAccount, r: () => number): void {
    const person = this.members.get(a.members[0]![0])!.personId;
    for (let g = 0; g < a.groups; g++) {
      const t = BASE_TIME + (g * 7 + Math.floor(r() * 5)) * 86_400_000;
      const grp = this.group(a.id, g === 0 ? 'Default Campaign Group' : `Group ${g + 1}`, GROUP_STATUS[g % 3]!, t);
      for (let c = 0; c < a.campaignsPerGroup; c++) {
        const status = CAMPAIGN_STATUS[c % 3]!;
        const camp = this.campaign(a.id, grp.id as number, `Group ${g + 1} / Campaign ${c + 1}`, status, t + c * 3_600_000, a.currency);
        if (status === 'DRAFT') continue;
        for (let k = 0; k < 2; k++) {
          const cr = this.creative(a.id, camp.id as number, `Group ${g + 1} / Campaign ${c + 1} / Ad ${k + 1}`, k === 0 ? status : 'PAUSED', t + c * 3_600_000 + k * 60_000, person);
          this.serving.add(Number(String(cr.id).split(':').pop()));
        }
      }
    }
  }

  private seedBig(accountId: number, total: number): void {
    const ng = Math.max(1, Math.round(total * 0.01));
    const nc = Math.max(1, Math.round(total * 0.19));
    const nk = Math.max(0, total - ng - nc);
    const groups: number[] = [];
    const camps: number[] = [];
    const person = this.members.get('bench')!.personId;
    for (let i = 0; i < ng; i++) groups.push(this.group(accountId, `Bench group ${i + 1}`, 'ACTIVE', BASE_TIME + i * 60_000).id as number);
    for (let i = 0; i < nc; i++) camps.push(this.campaign(accountId, groups[i % ng]!, `Bench campaign ${i + 1}`, 'ACTIVE', BASE_TIME + i * 60_000, 'USD').id as number);
    for (let i = 0; i < nk; i++) this.creative(accountId, camps[i % nc]!, `Bench ad ${i + 1}`, 'ACTIVE', BASE_TIME + i * 60_000, person);
  }
}

export function stamps(created: number, modified: number): Rec {
  return { created: { time: created }, lastModified: { time: modified } };
}
