import type { MikroORM } from '@mikro-orm/postgresql';
import type { AccountFacts } from '../../platforms/core/report-source';

/** What the gateway stored about an account at discovery (name, currency, time zone). */
export interface StoredAccount {
  platform: string;
  platformAccountId: string;
  name: string | null;
  currency: string | null;
  timezone: string | null;
}

interface Sql {
  execute(sql: string, params: unknown[]): Promise<unknown>;
}

const sql = (orm: MikroORM): Sql => orm.em.getConnection() as unknown as Sql;

/** Every activated account of the external user, in platform and id order (a report without `adAccountIds`). */
export async function activatedAccounts(orm: MikroORM, tenantId: string, userId: string): Promise<Array<{ platform: string; id: string }>> {
  const rows = (await sql(orm).execute(
    `select platform, platform_account_id from ad_accounts
     where tenant_id = ? and owner_id = ? and status = 'active' and validated_at is not null
     order by platform, platform_account_id`,
    [tenantId, userId],
  )) as Array<{ platform: string; platform_account_id: string }>;
  return rows.map((r) => ({ platform: r.platform, id: r.platform_account_id }));
}

/** The stored facts of the given gateway account ids. */
export async function storedFacts(orm: MikroORM, tenantId: string, ids: readonly string[]): Promise<Map<string, StoredAccount>> {
  if (!ids.length) return new Map();
  const rows = (await sql(orm).execute(
    `select id, platform, platform_account_id, name, currency, timezone from ad_accounts where tenant_id = ? and id = any(?::uuid[])`,
    [tenantId, `{${ids.join(',')}}`],
  )) as Array<{ id: string; platform: string; platform_account_id: string; name: string | null; currency: string | null; timezone: string | null }>;
  return new Map(rows.map((r) => [r.id, { platform: r.platform, platformAccountId: r.platform_account_id, name: r.name, currency: r.currency, timezone: r.timezone }]));
}

/**
 * Facts read from a platform when the gateway had not stored them, kept per replica for an hour
 * like the guard's snapshots: an account's currency and time zone change rarely, if ever.
 */
export class FactsCache {
  private readonly entries = new Map<string, { at: number; facts: AccountFacts }>();

  constructor(private readonly ttlMs = 3_600_000) {}

  async get(key: string, load: () => Promise<AccountFacts>): Promise<AccountFacts> {
    const hit = this.entries.get(key);
    if (hit && Date.now() - hit.at < this.ttlMs) return hit.facts;
    const facts = await load();
    this.entries.set(key, { at: Date.now(), facts });
    return facts;
  }
}

/**
 * One formatter per time zone (null: a zone the runtime does not know). Building an
 * Intl.DateTimeFormat costs far more than formatting with one, and a report asks for every row.
 */
const dayFormats = new Map<string, Intl.DateTimeFormat | null>();

function dayFormat(timezone: string): Intl.DateTimeFormat | null {
  let f = dayFormats.get(timezone);
  if (f === undefined) {
    try {
      f = new Intl.DateTimeFormat('en-CA', { timeZone: timezone, year: 'numeric', month: '2-digit', day: '2-digit' });
    } catch {
      f = null;
    }
    dayFormats.set(timezone, f);
  }
  return f;
}

/**
 * The last answer per zone, with the second it was for: every account of a report asks within the
 * same second, and formatting costs more than the rest of an account's set-up. A day starts on a
 * whole second in every zone, so the date cannot change within one.
 */
const lastToday = new Map<string, { second: number; day: string }>();

/** Today's date in a time zone (an unknown zone counts as UTC). */
export function todayIn(timezone: string, now = new Date()): string {
  const second = Math.floor(now.getTime() / 1000);
  const hit = lastToday.get(timezone);
  if (hit?.second === second) return hit.day;
  const day = dayFormat(timezone)?.format(now) ?? now.toISOString().slice(0, 10);
  lastToday.set(timezone, { second, day });
  return day;
}

/** The first day (UTC midnight of its date, in ms) not yet final: days before it are. */
export function finalBefore(timezone: string, windowDays: number, now = new Date()): number {
  return Date.parse(`${todayIn(timezone, now)}T00:00:00Z`) - windowDays * 86_400_000;
}

/** A day is final once more than `windowDays` days have passed since it in the account's zone. */
export function isFinal(day: string, timezone: string, windowDays: number, now = new Date()): boolean {
  return Date.parse(`${day}T00:00:00Z`) < finalBefore(timezone, windowDays, now);
}
