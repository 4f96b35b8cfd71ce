import { LEVELS } from '../../../shared/platforms/tiktok/operations/levels';
import { readObjectsCall } from '../../../shared/platforms/tiktok/operations/objects-read';

const query = (fields?: string) => readObjectsCall(LEVELS.ad, '7000000000000000011', { fields, page: 1, pageSize: 10 }).query;

describe('a TikTok assets read', () => {
  it('asks for the level’s id with any `fields` list, so every row the document types has it', () => {
    expect(query('ad_name,ad_format')?.fields).toEqual(['ad_name', 'ad_format', 'ad_id']);
    expect(query('ad_id,ad_name')?.fields).toEqual(['ad_id', 'ad_name']);
  });

  it('sends no `fields` when none were asked (TikTok then sends the whole record, id included)', () => {
    expect(query()?.fields).toBeUndefined();
  });
});
