import { AppError } from '../../../shared/errors/app-error';
import { mergeFanOut } from '../../../shared/platforms/google/operations/fan-out';
import { FanOutGate } from '../../../shared/platforms/google/reporting/fan-out-gate';

describe('fan-out', () => {
  it('never runs more than the limit at once and keeps the input order', async () => {
    let running = 0;
    let peak = 0;
    const out = await new FanOutGate(10).map([30, 5, 20, 1, 10, 2], 2, async (ms, i) => {
      running++;
      peak = Math.max(peak, running);
      await new Promise((r) => setTimeout(r, ms));
      running--;
      return i;
    });
    expect(peak).toBe(2);
    expect(out).toEqual([0, 1, 2, 3, 4, 5].map((value) => ({ ok: true, value })));
  });

  it('settles each item: one failure does not stop the others', async () => {
    const out = await new FanOutGate(10).map(['a', 'b', 'c'], 3, async (x) => {
      if (x === 'b') throw new AppError('FORBIDDEN', 'no');
      return x;
    });
    expect(out.map((r) => r.ok)).toEqual([true, false, true]);
  });

  it('keeps the rows of accounts that answered and lists each failed account with its error', () => {
    const err = new AppError('FORBIDDEN', 'User does not have permission', { details: [{ platform: 'google', code: 'authorizationError.USER_PERMISSION_DENIED' }] });
    const merged = mergeFanOut(
      ['1', '2', '3'],
      [
        { ok: true, value: [{ campaign: { id: '1' } }] },
        { ok: false, error: err },
        { ok: true, value: [{ campaign: { id: '3' } }, { campaign: { id: '4' } }] },
      ],
      (e) => e as AppError,
    );
    expect(merged.data).toEqual([
      { campaign: { id: '1' } },
      { campaign: { id: '3' } },
      { campaign: { id: '4' } },
      { accountId: '2', error: { code: 'FORBIDDEN', message: 'User does not have permission', details: [{ platform: 'google', code: 'authorizationError.USER_PERMISSION_DENIED' }] } },
    ]);
    expect(merged.failed.map((f) => f.accountId)).toEqual(['2']);
  });
});
