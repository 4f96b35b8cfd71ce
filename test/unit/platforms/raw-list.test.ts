import { parseWithRawList } from '../../../shared/platforms/core/raw-list';

const records = [
  { campaign_id: '1', name: 'a "quoted" [name] {x}, with, commas', tags: ['x', 'y'], nested: { list: [1, 2] } },
  { campaign_id: '2', name: 'back\\slash\\', meta: { data: { list: [] } } },
  { campaign_id: '3', name: 'ünïcode ✓' },
];

describe('parseWithRawList', () => {
  it('keeps the records array as its own text, counts its elements and parses the rest of the answer', () => {
    const text = JSON.stringify({ code: 0, message: 'OK', request_id: 'r', data: { page_info: { page: 1, total_page: 3 }, list: records } });
    const body = parseWithRawList(text, 'data', 'list') as { code: number; data: { list: { json: string; length: number }; page_info: unknown } };
    expect(body.code).toBe(0);
    expect(body.data.page_info).toEqual({ page: 1, total_page: 3 });
    expect(body.data.list.length).toBe(3);
    expect(JSON.parse(body.data.list.json)).toEqual(records);
    expect(text).toContain(body.data.list.json);
  });

  it('finds the array whatever the key order and spacing, and counts an empty one as 0', () => {
    const spaced = JSON.stringify({ data: { list: records, page_info: { total_page: 1 } }, code: 0 }, null, 2);
    expect((parseWithRawList(spaced, 'data', 'list') as { data: { list: { length: number } } }).data.list.length).toBe(3);
    const empty = parseWithRawList('{"code":0,"data":{"list":[ ],"page_info":{}}}', 'data', 'list') as { data: { list: { json: string; length: number } } };
    expect(empty.data.list).toEqual({ json: '[ ]', length: 0 });
  });

  it('leaves an answer without the array as JSON.parse gives it, and throws on text that is not JSON', () => {
    expect(parseWithRawList('{"code":40100,"message":"list","data":{}}', 'data', 'list')).toEqual({ code: 40100, message: 'list', data: {} });
    expect(() => parseWithRawList('<html>upstream down</html>', 'data', 'list')).toThrow();
  });

  it('does not take a same-named array below the top level for the records', () => {
    const text = JSON.stringify({ code: 0, other: { data: { list: [9] } }, data: { list: records } });
    const body = parseWithRawList(text, 'data', 'list') as { other: unknown; data: { list: { length: number } } };
    expect(body.other).toEqual({ data: { list: [9] } });
    expect(body.data.list.length).toBe(3);
  });
});
