/**
 * What the TikTok route tests share besides the world (test/world): data only — the seeded
 * advertisers, valid DTO bodies, query-string helpers.
 */

/** Seeded simulator advertisers (test/simulators/tiktok/README.md): alice owns the first three, bob the last. */
export const ALICE_US = '7000000000000000011';
export const ALICE_UK = '7000000000000000012';
export const BOB_BIKES = '7000000000000000021';
/** Unknown to the gateway: never activated by anyone. */
export const ALICE_APPS = '7000000000000000013';
/*
 * The route tests activate these with caller-supplied tokens (`world.connect(…, { via: 'token' })`),
 * not the dialog: the ownership tests need an advertiser of alice's the tenant never discovered (a
 * dialog connection lists all of them), and TikTok grants scopes per app in its portal, so the
 * dialog would ask for nothing more.
 */

/** A query string from an object (values JSON-encoded when not strings). */
export function qs(q: Record<string, unknown>): string {
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(q)) if (v !== undefined) p.set(k, typeof v === 'string' ? v : JSON.stringify(v));
  return p.toString();
}

/** GET query params as TikTok received them, arrays/objects decoded from their JSON text. */
export function decoded(q: Record<string, string>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(q)) {
    const t = v.trim();
    out[k] = t.startsWith('[') || t.startsWith('{') ? JSON.parse(t) : v;
  }
  return out;
}

/** Valid DTO bodies for the create routes (camelCase gateway names). */
let n = 0;
export const uniq = (what: string) => `${what} ${Date.now()}-${++n}`;

export const campaignPart = (name = uniq('Campaign')) => ({ campaignName: name, objectiveType: 'TRAFFIC', budgetMode: 'BUDGET_MODE_DAY', budget: 75 });

export const adGroupPart = (name = uniq('Ad group')) => ({
  adgroupName: name,
  promotionType: 'WEBSITE',
  placementType: 'PLACEMENT_TYPE_NORMAL',
  placements: ['PLACEMENT_TIKTOK'],
  locationIds: ['6252001'],
  budgetMode: 'BUDGET_MODE_DAY',
  budget: 30,
  scheduleType: 'SCHEDULE_FROM_NOW',
  scheduleStartTime: '2026-12-01 00:00:00',
  optimizationGoal: 'CLICK',
  billingEvent: 'CPC',
  pacing: 'PACING_MODE_SMOOTH',
});

export const creative = (name = uniq('Ad')) => ({
  adName: name,
  adFormat: 'SINGLE_VIDEO',
  identityType: 'CUSTOMIZED_USER',
  identityId: '7000001',
  adText: 'Fresh shoes for spring',
  videoId: 'v10033g50000abc',
  callToAction: 'SHOP_NOW',
  landingPageUrl: 'https://shop.example.com/spring',
  utmParams: [{ key: 'utm_source', value: 'tiktok' }],
  disclaimerType: 'TEXT_ONLY',
  disclaimerText: { text: 'Terms apply' },
});
