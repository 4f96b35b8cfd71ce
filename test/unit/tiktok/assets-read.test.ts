import { buildUrl } from '../../../shared/platforms/core/encode';
import { isAppError } from '../../../shared/errors/app-error';
import { LEVELS } from '../../../shared/platforms/tiktok/operations/levels';
import { readObjectsCall } from '../../../shared/platforms/tiktok/operations/objects-read';

const ADV = '7000000000000000011';
const base = { page: 1, pageSize: 10 };

function fails(fn: () => unknown): { path: string; message: string } {
  try {
    fn();
  } catch (e) {
    if (isAppError(e) && e.code === 'VALIDATION_FAILED') return e.details[0] as { path: string; message: string };
    throw e;
  }
  throw new Error('expected VALIDATION_FAILED');
}

describe('assets read request (campaign|adgroup|ad/get/)', () => {
  it('maps level, filter, fields and paging to TikTok names, with arrays and objects JSON-encoded on the wire', () => {
    const call = readObjectsCall(LEVELS.campaign, ADV, {
      ...base,
      page: 2,
      pageSize: 50,
      filter: '{"campaign_ids":["1","2"],"primary_status":"STATUS_ALL"}',
      fields: 'campaign_id, campaign_name,budget',
    });
    expect(call).toEqual({
      method: 'GET',
      path: 'campaign/get/',
      query: {
        advertiser_id: ADV,
        fields: ['campaign_id', 'campaign_name', 'budget'],
        filtering: { campaign_ids: ['1', '2'], primary_status: 'STATUS_ALL' },
        page: 2,
        page_size: 50,
      },
    });
    const url = new URL(buildUrl('http://tt/open_api/v1.3/', call.path, call.query));
    expect(url.pathname).toBe('/open_api/v1.3/campaign/get/');
    expect(url.searchParams.get('fields')).toBe('["campaign_id","campaign_name","budget"]');
    expect(url.searchParams.get('filtering')).toBe('{"campaign_ids":["1","2"],"primary_status":"STATUS_ALL"}');
  });

  it('accepts fields as a JSON array and numeric ids in id filters (sent as strings)', () => {
    const call = readObjectsCall(LEVELS.ad, ADV, { ...base, fields: '["ad_id","ad_name"]', filter: '{"adgroup_ids":[181]}' });
    expect(call.query).toMatchObject({ fields: ['ad_id', 'ad_name'], filtering: { adgroup_ids: ['181'] } });
    expect(call.path).toBe('ad/get/');
  });

  it('omits fields and filtering when not given (TikTok then returns every field, live objects)', () => {
    expect(readObjectsCall(LEVELS.adgroup, ADV, base).query).toEqual({ advertiser_id: ADV, page: 1, page_size: 10 });
  });

  it.each([
    ['bad JSON in filter', { filter: '{campaign_ids:' }, 'query.filter', /not valid JSON/],
    ['a filter that is not an object', { filter: '["campaign_ids"]' }, 'query.filter', /JSON object/],
    ['a filter key of another level', { filter: '{"adgroup_ids":["1"]}' }, 'query.filter', /adgroup_ids/],
    ['an id filter that is not an array', { filter: '{"campaign_ids":"1"}' }, 'query.filter.campaign_ids', /array/],
    ['more than 100 ids', { filter: JSON.stringify({ campaign_ids: Array.from({ length: 101 }, (_, i) => String(i)) }) }, 'query.filter.campaign_ids', /100/],
    ['a creation time in the wrong format', { filter: '{"creation_filter_start_time":"2025-01-01"}' }, 'query.filter.creation_filter_start_time', /HH:MM:SS/],
    ['an unknown field', { fields: 'campaign_id,adgroup_name' }, 'query.fields', /adgroup_name/],
    ['bad JSON in fields', { fields: '["campaign_id"' }, 'query.fields', /not valid JSON/],
  ])('refuses %s with 400 naming the input', (_what, q, path, message) => {
    const d = fails(() => readObjectsCall(LEVELS.campaign, ADV, { ...base, ...q }));
    expect(d.path).toBe(path);
    expect(d.message).toMatch(message);
  });

  it('knows each level’s own fields and filters', () => {
    expect(() => readObjectsCall(LEVELS.adgroup, ADV, { ...base, fields: 'adgroup_id,placements,dayparting', filter: '{"campaign_ids":["1"],"billing_events":["CPC"]}' })).not.toThrow();
    expect(() => readObjectsCall(LEVELS.ad, ADV, { ...base, fields: 'ad_id,utm_params', filter: '{"modified_after":"2025-01-01 00:00:00"}' })).not.toThrow();
    expect(fails(() => readObjectsCall(LEVELS.ad, ADV, { ...base, fields: 'budget' })).path).toBe('query.fields');
  });
});
