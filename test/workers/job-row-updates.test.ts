import { randomUUID } from 'node:crypto';
import type { MikroORM } from '@mikro-orm/postgresql';
import { initOrm } from '../../shared/persistence/orm';
import { JobStore, type NewJob } from '../../shared/domain/jobs/job-store';
import { freshDatabase } from '../helpers/private-services';

/** The columns a run's claim and a wait on the queue change (job-store.ts: CLAIM, markWaiting). */
const CLAIM_COLUMNS = ['state', 'attempts', 'started_at', 'updated_at', 'lease_owner', 'lease_until', 'rate_limit_waits'];

/**
 * A write updates its job row when its run claims it and when it ends. The claim can be a heap-only
 * update (no new index entry) only when it changes no column an index names, in its key or its
 * predicate, and when the new version fits on the row's page. A deleted tenant's rows go with it.
 */
describe('job rows: claim updates and tenant removal', () => {
  let db: Awaited<ReturnType<typeof freshDatabase>>;
  let orm: MikroORM;
  let store: JobStore;
  const sql = <T = Record<string, unknown>>(q: string, p: unknown[] = []) => orm.em.getConnection().execute<T[]>(q, p);

  beforeAll(async () => {
    db = await freshDatabase('jobrows');
    orm = await initOrm(db.url);
    store = new JobStore(orm);
  });
  afterAll(async () => {
    await orm?.close(true);
    await db?.drop();
  });

  const tenant = async () => {
    const id = randomUUID();
    await sql('insert into tenants (id, name) values (?, ?)', [id, `t-${id}`]);
    return id;
  };

  const job = (tenantId: string, n: number): NewJob => ({
    id: randomUUID(),
    tenantId,
    ownerKey: 'eu:someone',
    type: 'write',
    operation: 'facebook.create-campaign',
    platform: 'facebook',
    queue: 'platform-writes',
    account: { id: randomUUID(), tenantId, platform: 'facebook', platformAccountId: '100000000000001', connectionId: randomUUID() },
    params: { objective: 'traffic', campaign: { name: `campaign ${n} ${'x'.repeat(200)}`, status: 'PAUSED', special_ad_categories: [] } },
  });

  it('no index of jobs names a column the claim changes, in its key or its predicate', async () => {
    const defs = await sql<{ def: string }>(`select pg_get_indexdef(indexrelid) as def from pg_index where indrelid = 'jobs'::regclass`);
    expect(defs.length).toBeGreaterThan(0);
    const named = defs.flatMap(({ def }) => CLAIM_COLUMNS.filter((c) => new RegExp(`\\b${c}\\b`).test(def)).map((c) => `${c} in ${def}`));
    expect(named).toEqual([]);
  });

  it('every page keeps room for its rows\' claims: rows inserted back to back stay on their pages when claimed', async () => {
    const tenantId = await tenant();
    const jobs = Array.from({ length: 60 }, (_, i) => job(tenantId, i));
    for (const j of jobs) expect(await store.insert(j)).toBe(true);
    const pages = async () =>
      new Map((await sql<{ id: string; page: number }>(`select id, (ctid::text::point)[0]::int as page from jobs where tenant_id = ?`, [tenantId])).map((r) => [r.id, r.page]));
    const before = await pages();
    // Only the fillfactor's room is certain: pruning the versions claims leave behind makes more,
    // but only once no transaction anywhere may still see them, which is not this test's to decide.
    const claimed = claimsThatFit(jobs.map((j) => j.id), before, await claimRoom());
    expect(claimed.length).toBeGreaterThanOrEqual(new Set(before.values()).size);
    for (const id of claimed) expect(await store.claim(id, { owner: 'run-1', ms: 30_000 }, [['campaign', { state: 'calling' }]])).toEqual({ claimed: true });
    const after = await pages();
    expect(claimed.filter((id) => after.get(id) !== before.get(id))).toEqual([]);
    const [active] = await sql<{ n: number }>(`select count(*)::int as n from jobs where tenant_id = ? and state = 'active'`, [tenantId]);
    expect(active!.n).toBe(claimed.length);
  });

  /** How many claimed versions fit in the room the fillfactor leaves on a page, with the claim's new columns. */
  async function claimRoom(): Promise<number> {
    const [rel] = await sql<{ options: string[] | null }>(`select reloptions as options from pg_class where oid = 'jobs'::regclass`);
    const fillfactor = Number(rel?.options?.find((o) => o.startsWith('fillfactor='))?.split('=')[1] ?? 100);
    const [row] = await sql<{ bytes: number }>(`select max(pg_column_size(jobs.*))::int as bytes from jobs`);
    // The claim fills started_at, lease_owner and lease_until; each version also takes a line pointer.
    const version = row!.bytes + 8 + 16 + 8 + 8 + 4;
    return Math.floor(Math.floor((8192 * (100 - fillfactor)) / 100) / version);
  }

  /** The first `perPage` of each page's rows, in insertion order. */
  function claimsThatFit(ids: string[], pageOf: Map<string, number>, perPage: number): string[] {
    const taken = new Map<number, number>();
    return ids.filter((id) => {
      const page = pageOf.get(id)!;
      taken.set(page, (taken.get(page) ?? 0) + 1);
      return taken.get(page)! <= perPage;
    });
  }

  it('an open job holds its dedup key until it ends, then the key is free again', async () => {
    const tenantId = await tenant();
    const first = { ...job(tenantId, 0), type: 'import' as const, dedupKey: `import:${tenantId}` };
    expect(await store.insert(first)).toBe(true);
    expect(await store.insert({ ...first, id: randomUUID() })).toBe(false);
    expect((await store.findOpenByDedup(first.dedupKey))?.id).toBe(first.id);
    await store.markCompleted(first.id, { ok: true });
    expect(await store.findOpenByDedup(first.dedupKey)).toBeUndefined();
    expect(await store.insert({ ...first, id: randomUUID() })).toBe(true);
  });

  it("deleting a tenant deletes its jobs, audit records, create claims and imported records, and no other tenant's", async () => {
    const [gone, kept] = [await tenant(), await tenant()];
    for (const t of [gone, kept]) {
      const j = job(t, 1);
      await store.insert(j);
      await sql(
        `insert into audit_records (id, tenant_id, principal_kind, principal_id, surface, platform, ad_account_id, operation, outcome, job_id, params)
         values (?, ?, 'tenant-api-key', 'k', 'rest', 'facebook', '1', 'facebook.create-campaign', 'accepted', ?, '{}')`,
        [randomUUID(), t, j.id],
      );
      await sql(`insert into create_claims (tenant_id, platform, object_id, job_id, step) values (?, 'facebook', ?, ?, 'campaign')`, [t, `obj-${t}`, j.id]);
      await sql(
        `insert into imported_entities (tenant_id, platform, ad_account_id, level, platform_id, data, fetched_at, last_job_id) values (?, 'facebook', '1', 'campaign', '7', '{}', now(), ?)`,
        [t, j.id],
      );
    }
    await sql('delete from tenants where id = ?', [gone]);
    const left = async (t: string) =>
      (
        await sql<{ n: number }>(
          `select (select count(*) from jobs where tenant_id = ?) + (select count(*) from audit_records where tenant_id = ?) + (select count(*) from create_claims where tenant_id = ?)
             + (select count(*) from imported_entities where tenant_id = ?) as n`,
          [t, t, t, t],
        )
      )[0]!.n;
    expect(Number(await left(gone))).toBe(0);
    expect(Number(await left(kept))).toBe(4);
  });
});
