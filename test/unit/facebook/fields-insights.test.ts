import { AppError } from '../../../shared/errors/app-error';
import { resolveFields } from '../../../shared/platforms/facebook/operations/fields';
import { accountListCall, accountOf, detailCall } from '../../../shared/platforms/facebook/operations/reads';
import { InsightsQueryDto } from '../../../shared/platforms/facebook/dto/insights.dto';
import { AdObjectListQuery } from '../../../shared/platforms/facebook/dto/common.dto';
import { isTooMuchData, rangeDays, runState, startReportRunCall, syncInsightsCall, wantsAsync } from '../../../shared/platforms/facebook/operations/insights';

const ACCT = '100000000000001';

describe('fields', () => {
  it('uses the object defaults when the caller names none', () => {
    expect(resolveFields('campaign', undefined)).toContain('id,account_id,name,objective,status');
  });

  it('accepts known fields with nested selections and adds the must-have fields', () => {
    expect(resolveFields('ad', 'name,creative{id,name}', ['account_id'])).toBe('name,creative{id,name},account_id');
  });

  it('refuses unknown fields with 400 VALIDATION_FAILED naming them', () => {
    let err: unknown;
    try {
      resolveFields('campaign', 'id,nme,budget');
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).code).toBe('VALIDATION_FAILED');
    expect((err as AppError).message).toBe('Unknown campaign field(s): nme, budget');
    expect(() => resolveFields('ad', 'creative{id')).toThrow('Invalid fields list');
  });

  it('account lists carry fields, paging and effective_status in Graph encoding', () => {
    const q = AdObjectListQuery.parse({ adAccountId: ACCT, limit: '2', after: 'abc', effectiveStatus: 'ACTIVE,PAUSED', fields: 'id,name' });
    expect(accountListCall(ACCT, 'campaigns', q)).toEqual({
      method: 'GET', path: `act_${ACCT}/campaigns`, params: { fields: 'id,name', limit: '2', after: 'abc', effective_status: '["ACTIVE","PAUSED"]' },
    });
    expect(AdObjectListQuery.safeParse({ adAccountId: ACCT, effectiveStatus: 'ON' }).success).toBe(false);
    expect(detailCall('5', 'campaign', 'name', ['account_id']).params.fields).toBe('name,account_id');
  });

  it('finds the owning account on ad objects and on pixels', () => {
    expect(accountOf({ account_id: '123' })).toBe('123');
    expect(accountOf({ owner_ad_account: { id: 'act_9', account_id: '9' } })).toBe('9');
    expect(accountOf({ id: '1' })).toBeNull();
  });
});

describe('insights', () => {
  it('turns the gateway query into Graph parameters', () => {
    const q = InsightsQueryDto.parse({
      adAccountId: ACCT, level: 'campaign', fields: 'impressions,spend', since: '2026-01-01', until: '2026-01-31', timeIncrement: '1',
      breakdowns: 'age,gender', actionBreakdowns: 'action_type', filtering: '[{"field":"campaign.effective_status","operator":"IN","value":["ACTIVE"]}]', limit: '50',
    });
    expect(syncInsightsCall(ACCT, q)).toEqual({
      method: 'GET',
      path: `act_${ACCT}/insights`,
      params: {
        level: 'campaign', fields: 'impressions,spend', time_range: '{"since":"2026-01-01","until":"2026-01-31"}', time_increment: '1',
        breakdowns: 'age,gender', action_breakdowns: 'action_type',
        filtering: '[{"field":"campaign.effective_status","operator":"IN","value":["ACTIVE"]}]', limit: '50',
      },
    });
    expect(startReportRunCall(ACCT, q).method).toBe('POST');
    expect(startReportRunCall(ACCT, q).params.limit).toBeUndefined();
  });

  it('defaults to last_30d at account level and reports on a child object when objectId is given', () => {
    const q = InsightsQueryDto.parse({ adAccountId: ACCT, objectId: '777' });
    const call = syncInsightsCall(ACCT, q);
    expect(call.path).toBe('777/insights');
    expect(call.params).toMatchObject({ level: 'account', date_preset: 'last_30d' });
  });

  it.each([
    [{ since: '2026-01-01' }, 'until'],
    [{ since: '2026-02-01', until: '2026-01-01' }, 'since'],
    [{ datePreset: 'last_7d', since: '2026-01-01', until: '2026-01-02' }, 'datePreset'],
    [{ fields: 'impressions,bogus' }, 'fields.1'],
    [{ breakdowns: 'age,zodiac' }, 'breakdowns.1'],
    [{ filtering: '{not json' }, 'filtering'],
    [{ timeIncrement: '91' }, 'timeIncrement'],
  ])('rejects %j at %s', (extra, path) => {
    const r = InsightsQueryDto.safeParse({ adAccountId: ACCT, ...extra });
    expect(r.success).toBe(false);
    expect(r.error!.issues.map((i) => i.path.join('.'))).toContain(path);
  });

  it('goes async for large ranges or when asked', () => {
    const parse = (x: object) => InsightsQueryDto.parse({ adAccountId: ACCT, ...x });
    expect(rangeDays(parse({ since: '2026-01-01', until: '2026-01-31' }))).toBe(31);
    expect(wantsAsync(parse({ since: '2025-01-01', until: '2025-12-31' }), 92)).toBe(true);
    expect(wantsAsync(parse({ datePreset: 'last_7d' }), 92)).toBe(false);
    expect(wantsAsync(parse({ datePreset: 'maximum' }), 92)).toBe(true);
    expect(wantsAsync(parse({ datePreset: 'last_7d', async: 'true' }), 92)).toBe(true);
  });

  it("recognizes Meta's too-much-data answers", () => {
    const fb = (code: number, subcode: number | undefined, message: string) =>
      new AppError('PLATFORM_UNAVAILABLE', 'x', { details: [{ platform: 'facebook', code, subcode, message }] });
    expect(isTooMuchData(fb(1, undefined, "Please reduce the amount of data you're asking for, then retry your request"))).toBe(true);
    expect(isTooMuchData(fb(100, 1504018, 'timeout'))).toBe(true);
    expect(isTooMuchData(fb(1, 99, 'An unknown error occurred'))).toBe(false);
    expect(isTooMuchData(new Error('x'))).toBe(false);
  });

  it('reads report run states', () => {
    expect(runState({ async_status: 'Job Running', async_percent_completion: 40 })).toBe('running');
    expect(runState({ async_status: 'Job Completed', async_percent_completion: 100 })).toBe('completed');
    expect(runState({ async_status: 'Job Failed' })).toBe('failed');
  });
});
