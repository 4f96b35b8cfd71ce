/**
 * The simulator's in-memory world: users, advertisers, tokens, auth codes, and the object stores.
 * Seeded deterministically from `seed`; the optional big account is generated in one cheap pass
 * (compact entities, full records are built only when a page is read).
 */
import { randomBytes } from 'node:crypto';
import { rng } from '../common/sim-kit';
import { EntityStore, type Entity } from './store';

export interface SeedUser {
  name: string;
  advertiserIds: string[];
}

export interface Advertiser {
  id: string;
  name: string;
  company: string;
  currency: string;
  timezone: string;
  country: string;
  status: string;
  createdAt: number;
  balance: number;
}

export interface TokenInfo {
  token: string;
  user: string;
  appId: string;
  advertiserIds: string[];
  scope: number[];
  revoked: boolean;
  /** Set only by the control surface (`expiresIn`, `/tokens/expire`): real advertiser tokens never time out. */
  expiresAt?: number;
}

export interface AuthCode {
  user: string;
  appId: string;
  expiresAt: number;
  used: boolean;
}

export interface Material {
  id: string;
  status: 'ENABLE' | 'DISABLE';
  /** Review outcome of this material (vocabulary ASSUMED: AVAILABLE | UNAVAILABLE). */
  review: 'AVAILABLE' | 'UNAVAILABLE';
  ix: number;
  /** creative_info as sent on create; absent for seeded materials. */
  info?: unknown;
}

export interface SmartAd extends Entity {
  materials: Material[];
  appealStatus: string;
}

export interface PixelEvent {
  id: string;
  code: string;
  name: string;
  type: string;
}

export interface Pixel {
  id: string;
  code: string;
  name: string;
  advertiserId: string;
  createdAt: number;
  ix: number;
  events: PixelEvent[];
}

export interface RegisteredApp {
  appId: string;
  secret: string;
}

export interface TiktokSize {
  /** Entities (campaigns + ad groups + ads, 1:9:90) in the benchmark account owned by `bench`. */
  bigAccount?: number;
}

const BASE_TIME = Date.UTC(2025, 0, 1);
export const BIG_ACCOUNT_ID = '7000000000000000099';

const ACCOUNTS: Array<Omit<Advertiser, 'createdAt' | 'balance'> & { owner: string; campaigns: number }> = [
  { id: '7000000000000000011', owner: 'alice', name: 'Alice Shoes US', company: 'Alice Shoes Inc.', currency: 'USD', timezone: 'America/New_York', country: 'US', status: 'STATUS_ENABLE', campaigns: 12 },
  { id: '7000000000000000012', owner: 'alice', name: 'Alice Shoes UK', company: 'Alice Shoes Ltd.', currency: 'GBP', timezone: 'Europe/London', country: 'GB', status: 'STATUS_ENABLE', campaigns: 7 },
  { id: '7000000000000000013', owner: 'alice', name: 'Alice Apps', company: 'Alice Apps GmbH', currency: 'EUR', timezone: 'Europe/Berlin', country: 'DE', status: 'STATUS_ENABLE', campaigns: 5 },
  { id: '7000000000000000021', owner: 'bob', name: 'Bob Bikes', company: 'Bob Bikes LLC', currency: 'USD', timezone: 'Etc/GMT', country: 'US', status: 'STATUS_ENABLE', campaigns: 4 },
  { id: '7000000000000000022', owner: 'bob', name: 'Bob Travel', company: 'Bob Travel KK', currency: 'JPY', timezone: 'Asia/Tokyo', country: 'JP', status: 'STATUS_DISABLE', campaigns: 3 },
];

/** Id prefixes per kind; ids are prefix + 16 digits, so equal length and ordered like numbers. */
const PREFIX = { campaign: '180', adgroup: '181', ad: '182', spCampaign: '183', spAdgroup: '184', spAd: '185', material: '186', pixel: '710', event: '711' } as const;
export type IdKind = keyof typeof PREFIX;

export class TiktokState {
  readonly users = new Map<string, SeedUser>();
  readonly advertisers = new Map<string, Advertiser>();
  readonly tokens = new Map<string, TokenInfo>();
  readonly authCodes = new Map<string, AuthCode>();
  readonly campaigns = new EntityStore();
  readonly adgroups = new EntityStore();
  readonly ads = new EntityStore();
  readonly spCampaigns = new EntityStore();
  readonly spAdgroups = new EntityStore();
  readonly spAds = new EntityStore<SmartAd>();
  readonly pixels = new Map<string, Pixel[]>();
  readonly materials = new Map<string, SmartAd>();
  /** `op:advertiser:request_id` → ids created by the first call with that request_id. */
  readonly idempotency = new Map<string, string[]>();
  private readonly counters: Record<IdKind, number> = { campaign: 0, adgroup: 0, ad: 0, spCampaign: 0, spAdgroup: 0, spAd: 0, material: 0, pixel: 0, event: 0 };

  constructor(
    readonly seed: number,
    readonly size: TiktokSize = {},
  ) {
    this.generate();
  }

  /** Back to the seeded world (in place: routes hold references to the stores). */
  reset(): void {
    for (const m of [this.users, this.advertisers, this.tokens, this.authCodes, this.pixels, this.materials, this.idempotency]) m.clear();
    for (const st of [this.campaigns, this.adgroups, this.ads, this.spCampaigns, this.spAdgroups, this.spAds]) st.clear();
    for (const k of Object.keys(this.counters) as IdKind[]) this.counters[k] = 0;
    this.generate();
  }

  nextId(kind: IdKind): string {
    this.counters[kind] += 1;
    return PREFIX[kind] + String(this.counters[kind]).padStart(16, '0');
  }

  issueToken(user: string, appId: string, expiresInSec?: number): TokenInfo {
    const u = this.users.get(user);
    if (!u) throw new Error(`unknown sim user ${user}`);
    const info: TokenInfo = {
      token: randomBytes(20).toString('hex'),
      user,
      appId,
      advertiserIds: [...u.advertiserIds],
      scope: [1, 2, 3, 4, 5, 6, 7, 8],
      revoked: false,
      expiresAt: expiresInSec !== undefined ? Date.now() + expiresInSec * 1000 : undefined,
    };
    this.tokens.set(info.token, info);
    return info;
  }

  issueAuthCode(user: string, appId: string): string {
    const code = randomBytes(16).toString('hex');
    this.authCodes.set(code, { user, appId, expiresAt: Date.now() + 3600_000, used: false });
    return code;
  }

  private generate(): void {
    const r = rng(this.seed);
    for (const a of ACCOUNTS) {
      this.addAdvertiser(a, a.owner, r);
      this.seedObjects(a.id, a.campaigns, r);
    }
    this.users.set('carol', { name: 'carol', advertiserIds: [] });
    if (this.size.bigAccount) {
      const big = { id: BIG_ACCOUNT_ID, name: 'Bench Mega Store', company: 'Bench Corp', currency: 'USD', timezone: 'Etc/GMT', country: 'US', status: 'STATUS_ENABLE' };
      this.addAdvertiser(big, 'bench', r);
      this.seedBig(BIG_ACCOUNT_ID, this.size.bigAccount);
    }
  }

  private addAdvertiser(a: Omit<Advertiser, 'createdAt' | 'balance'>, owner: string, r: () => number): void {
    this.advertisers.set(a.id, { ...a, createdAt: BASE_TIME - Math.floor(r() * 300) * 86400_000, balance: Math.round(r() * 500000) / 100 });
    const u = this.users.get(owner) ?? { name: owner, advertiserIds: [] };
    u.advertiserIds.push(a.id);
    this.users.set(owner, u);
  }

  private entity(kind: IdKind, advertiserId: string, name: string, parentId: string | undefined, ix: number): Entity {
    const t = BASE_TIME + ix * 60_000;
    return { id: this.nextId(kind), advertiserId, parentId, name, status: 'ENABLE', createdAt: t, modifiedAt: t + 3600_000, ix };
  }

  /** Small account (ix = minutes after 2025-01-01): n campaigns × 2 ad groups × 2 ads; one campaign paused, the last one deleted. */
  private seedObjects(adv: string, n: number, r: () => number): void {
    for (let c = 0; c < n; c++) {
      const ix = c * 97 + Math.floor(r() * 60);
      const camp = this.campaigns.add(this.entity('campaign', adv, `Campaign ${c + 1}`, undefined, ix));
      const status = c === n - 1 ? 'DELETE' : c === 1 ? 'DISABLE' : 'ENABLE';
      for (let g = 0; g < 2; g++) {
        const ag = this.adgroups.add(this.entity('adgroup', adv, `Campaign ${c + 1} / Ad group ${g + 1}`, camp.id, ix + g + 1));
        for (let k = 0; k < 2; k++) {
          const ad = this.ads.add(this.entity('ad', adv, `Campaign ${c + 1} / Ad group ${g + 1} / Ad ${k + 1}`, ag.id, ix + g * 2 + k + 3));
          if (status === 'DELETE') this.ads.setStatus(ad, 'DELETE', ad.modifiedAt);
        }
        if (status === 'DELETE') this.adgroups.setStatus(ag, 'DELETE', ag.modifiedAt);
      }
      this.campaigns.setStatus(camp, status, camp.modifiedAt);
    }
    const spc = this.spCampaigns.add(this.entity('spCampaign', adv, 'Smart+ Campaign 1', undefined, 11));
    const spg = this.spAdgroups.add(this.entity('spAdgroup', adv, 'Smart+ Ad group 1', spc.id, 12));
    for (let k = 0; k < 2; k++) this.addSmartAd(this.entity('spAd', adv, `Smart+ Ad ${k + 1}`, spg.id, 13 + k), 2);
    // Smart+ Ad 2 has one rejected material, so review info shows PART_AVAILABLE.
    this.spAds.list(adv, false).at(-1)!.materials[1]!.review = 'UNAVAILABLE';
    const pixels: Pixel[] = [];
    for (let p = 0; p < 2; p++) {
      const id = this.nextId('pixel');
      const events = ['COMPLETE_PAYMENT', 'ADD_TO_CART', 'VIEW_CONTENT'].map((type, i) => ({
        id: this.nextId('event'),
        code: type === 'COMPLETE_PAYMENT' ? 'CompletePayment' : type === 'ADD_TO_CART' ? 'AddToCart' : 'ViewContent',
        name: `${type.toLowerCase()} ${i + 1}`,
        type,
      }));
      pixels.push({ id, code: `C${id.slice(-10)}SIMPX${p}`, name: `Pixel ${p + 1}`, advertiserId: adv, createdAt: BASE_TIME + p * 86400_000, ix: p, events });
    }
    this.pixels.set(adv, pixels);
  }

  addSmartAd(e: Entity, materialCount: number, infos: unknown[] = []): SmartAd {
    const ad: SmartAd = { ...e, materials: [], appealStatus: 'NOT_APPEALED' };
    for (let i = 0; i < materialCount; i++) ad.materials.push({ id: this.nextId('material'), status: 'ENABLE', review: 'AVAILABLE', ix: e.ix + i, info: infos[i] });
    for (const m of ad.materials) this.materials.set(m.id, ad);
    return this.spAds.add(ad);
  }

  /** Benchmark account: ~1% campaigns, 9% ad groups, 90% ads; all live. */
  private seedBig(adv: string, total: number): void {
    const nc = Math.max(1, Math.round(total * 0.01));
    const ng = Math.max(1, Math.round(total * 0.09));
    const na = Math.max(0, total - nc - ng);
    const camps: string[] = [];
    const groups: string[] = [];
    for (let i = 0; i < nc; i++) camps.push(this.campaigns.add(this.entity('campaign', adv, `Bench campaign ${i + 1}`, undefined, i)).id);
    for (let i = 0; i < ng; i++) groups.push(this.adgroups.add(this.entity('adgroup', adv, `Bench ad group ${i + 1}`, camps[i % nc], i)).id);
    for (let i = 0; i < na; i++) this.ads.add(this.entity('ad', adv, `Bench ad ${i + 1}`, groups[i % ng], i));
    this.pixels.set(adv, []);
  }
}
