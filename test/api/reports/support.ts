/** What the report tests share: the seeded accounts they activate and small helpers over rows. */
import { ACCOUNTS } from '../../simulators/facebook';
import type { World } from '../../world';
import { G } from '../google/fixtures';
import { ALICE_US } from '../tiktok/fixtures';

export const FB = ACCOUNTS.alice[0]; // USD, America/Los_Angeles
export const TT = ALICE_US; // USD, America/New_York
export const GG = G.aliceUs; // USD, America/New_York
export const GG_JP = G.aliceJp; // JPY, Asia/Tokyo
export const LI = '508000001'; // USD; LinkedIn reports in UTC

export const REPORT_ENV: Record<string, string> = { HTTP_MAX_RETRIES: '1', RATE_LIMIT_PER_MINUTE: '100000', FACEBOOK_INSIGHTS_POLL_MS: '50' };

const DAY = 86_400_000;
/** A week that ended well before today, inside every simulator's history. */
export function pastWeek(endDaysAgo = 40): { from: string; to: string } {
  const end = Math.floor(Date.now() / DAY) * DAY - endDaysAgo * DAY;
  const iso = (t: number) => new Date(t).toISOString().slice(0, 10);
  return { from: iso(end - 6 * DAY), to: iso(end) };
}

/** alice's accounts on the four platforms. */
export async function aliceEverywhere(w: World<'facebook' | 'tiktok' | 'google' | 'linkedin'>) {
  await w.connect('facebook', { adAccountId: `act_${FB}` });
  await w.connect('tiktok', { adAccountId: TT, via: 'token' });
  const google = await w.consent('google');
  await w.connect('google', { adAccountId: GG, through: google });
  await w.connect('google', { adAccountId: GG_JP, through: google });
  await w.connect('linkedin', { adAccountId: LI });
  return {};
}

/** Exact sum of decimal texts (the test's own arithmetic, in integer hundred-thousandths of a unit). */
export function sumMoney(values: Array<string | number>): string {
  let units = 0n;
  for (const v of values) {
    const [i, f = ''] = String(v).split('.');
    units += BigInt(i!) * 1_000_000n + BigInt((f + '000000').slice(0, 6));
  }
  const s = units.toString().padStart(7, '0');
  return `${s.slice(0, -6)}.${s.slice(-6)}`.replace(/\.?0+$/, '');
}

export interface Totals {
  spend: string;
  impressions: number;
  clicks: number;
}

export const totalsOf = (rows: Array<{ spend: string | number; impressions: string | number; clicks: string | number }>): Totals => ({
  spend: sumMoney(rows.map((r) => r.spend)),
  impressions: rows.reduce((n, r) => n + Number(r.impressions), 0),
  clicks: rows.reduce((n, r) => n + Number(r.clicks), 0),
});

export const reportPath = (q: Record<string, string>) => `/api/v1/reports?${new URLSearchParams(q)}`;
