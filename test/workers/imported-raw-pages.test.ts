import { randomUUID } from 'node:crypto';
import type { MikroORM } from '@mikro-orm/postgresql';
import { initOrm } from '../../shared/persistence/orm';
import { ImportedEntityWriter } from '../../shared/domain/jobs/entity-writer';
import { freshDatabase } from '../helpers/private-services';

/**
 * A page kept as the platform's text is read by PostgreSQL itself: what it stores must be what the
 * platform sent, and a page that is not what the platform promised fails as the platform's error.
 */
describe('imported pages stored from the platform text', () => {
  let db: Awaited<ReturnType<typeof freshDatabase>>;
  let orm: MikroORM;
  const sql = <T = Record<string, unknown>>(q: string, p: unknown[] = []) => orm.em.getConnection().execute<T[]>(q, p);

  beforeAll(async () => {
    db = await freshDatabase('rawpages');
    orm = await initOrm(db.url);
  });
  afterAll(async () => {
    await orm?.close(true);
    await db?.drop();
  });

  const writer = async () => {
    const tenantId = randomUUID();
    await sql('insert into tenants (id, name) values (?, ?)', [tenantId, `t-${tenantId}`]);
    const adAccountId = randomUUID();
    return { tenantId, adAccountId, w: new ImportedEntityWriter(orm, { tenantId, platform: 'tiktok', adAccountId, jobId: randomUUID() }) };
  };
  const stored = (tenantId: string) =>
    sql<{ platform_id: string; data: unknown }>(`select platform_id, data from imported_entities where tenant_id = ? order by id`, [tenantId]);

  it('stores each record under its id, a repeated id at its first place with its last copy', async () => {
    const { tenantId, w } = await writer();
    const json = '[{"campaign_id":"7","name":"a"},{"campaign_id":"8","name":"b"},{"campaign_id":"7","name":"c"}]';
    await w.upsertRaw('campaign', 'campaign_id', { json, length: 3 });
    expect(await stored(tenantId)).toEqual([
      { platform_id: '7', data: { campaign_id: '7', name: 'c' } },
      { platform_id: '8', data: { campaign_id: '8', name: 'b' } },
    ]);
  });

  it('a re-import updates each record in place, and an id repeated across pages keeps its first place', async () => {
    const { tenantId, adAccountId, w } = await writer();
    await w.upsertRaw('campaign', 'campaign_id', { json: '[{"campaign_id":"7","v":1},{"campaign_id":"8","v":1}]', length: 2 });
    await w.upsertRaw('campaign', 'campaign_id', { json: '[{"campaign_id":"9","v":1},{"campaign_id":"7","v":2}]', length: 2 });
    const again = new ImportedEntityWriter(orm, { tenantId, platform: 'tiktok', adAccountId, jobId: randomUUID() });
    await again.upsertRaw('campaign', 'campaign_id', { json: '[{"campaign_id":"8","v":3},{"campaign_id":"10","v":3}]', length: 2 });
    await again.upsertRaw('campaign', 'campaign_id', { json: '[{"campaign_id":"11","v":3},{"campaign_id":"11","v":4}]', length: 2 });
    expect(await stored(tenantId)).toEqual([
      { platform_id: '7', data: { campaign_id: '7', v: 2 } },
      { platform_id: '8', data: { campaign_id: '8', v: 3 } },
      { platform_id: '9', data: { campaign_id: '9', v: 1 } },
      { platform_id: '10', data: { campaign_id: '10', v: 3 } },
      { platform_id: '11', data: { campaign_id: '11', v: 4 } },
    ]);
  });

  it('a record with an empty id, on a level already stored, stores nothing of the page and is the platform error', async () => {
    const { tenantId, w } = await writer();
    await w.upsertRaw('campaign', 'campaign_id', { json: '[{"campaign_id":"7"}]', length: 1 });
    await expect(w.upsertRaw('campaign', 'campaign_id', { json: '[{"campaign_id":"7","v":2}]', length: 1 })).resolves.toBeUndefined();
    const page = '[{"campaign_id":"7","v":3},{"campaign_id":""}]';
    await expect(w.upsertRaw('campaign', 'campaign_id', { json: page, length: 2 })).rejects.toMatchObject({ code: 'PLATFORM_UNAVAILABLE', message: 'A campaign record came without an id' });
    expect(await stored(tenantId)).toEqual([{ platform_id: '7', data: { campaign_id: '7', v: 2 } }]);
  });

  it('a record without its id stores nothing of the page and is the platform error', async () => {
    const { tenantId, w } = await writer();
    const json = '[{"campaign_id":"7"},{"name":"no id"}]';
    await expect(w.upsertRaw('campaign', 'campaign_id', { json, length: 2 })).rejects.toMatchObject({ code: 'PLATFORM_UNAVAILABLE' });
    expect(await stored(tenantId)).toEqual([]);
  });

  it('a page that is not JSON is the platform error, not the database one', async () => {
    const { tenantId, w } = await writer();
    await expect(w.upsertRaw('campaign', 'campaign_id', { json: '[{"campaign_id":"7",}]', length: 1 })).rejects.toMatchObject({
      code: 'PLATFORM_UNAVAILABLE',
      message: 'A campaign page was not valid JSON',
    });
    expect(await stored(tenantId)).toEqual([]);
  });
});
