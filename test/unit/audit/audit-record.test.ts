import { auditParams, MAX_PARAMS_BYTES, REDACTED } from '../../../shared/domain/audit/audit-params';
import { objectIdOf } from '../../../shared/domain/audit/audit-record';
import { csvField, csvRow, CSV_COLUMNS } from '../../../api/routes/audit/audit-csv';
import type { AuditRecordView } from '../../../shared/domain/audit/audit-types';
import { parseCsv } from '../../helpers/csv';

describe('auditParams', () => {
  it('removes credential-named fields at any depth, keeping booleans and empty values', () => {
    expect(
      auditParams({
        access_token: 'abc',
        pageToken: 'def',
        client_secret: 'ghi',
        nested: { list: [{ refresh_token: 'jkl', name: 'kept' }], has_token: true, password: null },
      }),
    ).toEqual({ access_token: REDACTED, pageToken: REDACTED, client_secret: REDACTED, nested: { list: [{ refresh_token: REDACTED, name: 'kept' }], has_token: true, password: null } });
  });

  it.each([
    ['a JWT', 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl'],
    ['a Bearer header', 'Bearer abc.def'],
    ['a Meta token', `EAAB${'x1'.repeat(20)}`],
    ['a Google token', 'ya29.a0AfH6SMBxxxxxxxxxxxxx'],
    ['a Google refresh token', `1//${'0g'.repeat(20)}`],
    ['a LinkedIn token', `AQ${'V'.repeat(70)}`],
    ['a gateway API key', `aag_${'k'.repeat(40)}`],
    ['a webhook secret', 'whsec_c2VjcmV0'],
  ])('removes %s whatever its field is called', (_what, value) => {
    expect(auditParams({ note: value, list: [value] })).toEqual({ note: REDACTED, list: [REDACTED] });
  });

  it('keeps ordinary values: ids, hashes, names, URLs without credentials', () => {
    const p = { ids: ['1800000000000000011'], image_hash: 'a'.repeat(32), name: 'Winter sale', link: 'https://shop.example/p?id=1' };
    expect(auditParams(p)).toEqual(p);
  });

  it('hides credential query parameters inside URLs', () => {
    expect(auditParams({ u: 'https://x.example/cb?access_token=s3cret&id=1' })).toEqual({ u: 'https://x.example/cb?access_token=[REDACTED]&id=1' });
  });

  it('cuts long strings and deep nesting, and summarises params still too large', () => {
    const cut = auditParams({ text: 'z'.repeat(5000) }).text as string;
    expect(cut.length).toBeLessThan(1100);
    expect(cut).toContain('[5000 characters]');
    let deep: Record<string, unknown> = { leaf: 'x' };
    for (let i = 0; i < 20; i++) deep = { d: deep };
    expect(JSON.stringify(auditParams(deep))).toContain('[TRUNCATED]');
    const big = auditParams({ a: Array.from({ length: 100 }, () => 'q'.repeat(900)), b: 1 });
    expect(big).toEqual({ truncated: true, bytes: expect.any(Number), keys: ['a', 'b'] });
    expect(big.bytes as number).toBeGreaterThan(MAX_PARAMS_BYTES);
  });
});

describe('objectIdOf', () => {
  it.each([
    [{ success: true, id: '123', status: 'PAUSED' }, '123'],
    [{ id: 42 }, '42'],
    [{ ids: ['a', 'b'] }, 'a'],
    [{ validateOnly: false, results: [{ resourceName: 'customers/1/campaigns/2' }] }, 'customers/1/campaigns/2'],
    [{ copied_ad_id: '77' }, '77'],
    [{ campaign_ids: ['9', '10'], status: 'ENABLE' }, '9'],
    [{ validateOnly: true, results: [] }, null],
    [{ rows: 3 }, null],
    [null, null],
    ['text', null],
  ])('%j → %s', (result, id) => {
    expect(objectIdOf(result)).toBe(id);
  });
});

describe('CSV', () => {
  it('quotes as RFC 4180 says and writes nested objects as JSON text', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField(null)).toBe('');
    expect(csvField({ a: [1, '"x"'] })).toBe('"{""a"":[1,""\\""x\\""""]}"');
  });

  it('a row parses back to the record', () => {
    const r: AuditRecordView = {
      id: 'i', time: 't', tenantId: 'tn', principal: { kind: 'external-user', id: 'u', externalUserId: 'e,1' }, surface: 'rest', requestId: null,
      platform: 'tiktok', adAccountId: '7', operation: 'op', outcome: 'failed', jobId: 'j', objectId: null, errorCode: 'NOT_FOUND',
      params: { name: 'a "b",\r\nc' }, finishedAt: 'f',
    };
    const [row] = parseCsv(csvRow(r));
    expect(row).toHaveLength(CSV_COLUMNS.length);
    expect(row![5]).toBe('e,1');
    expect(JSON.parse(row![17]!)).toEqual(r.params);
    expect(row![18]).toBe('');
  });
});
