import { DelayedError, UnrecoverableError } from 'bullmq';
import { RunLaterError } from '../../../shared/errors/run-later';
import { createLogger } from '../../../shared/infra/logger';
import { admitAll, outcomeOf, type Admission, type AdmissionGate, type RunOutcome } from '../../../workers/admission';
import { overShare, tenantShareGate } from '../../../workers/gates/tenant-share.gate';
import { objectOrderGate } from '../../../workers/gates/object-order.gate';
import type { OrderedWrite } from '../../../shared/domain/jobs/object-order';

const logger = createLogger({ level: 'silent', name: 'admission-test' });
const X = 'tenant-x';
const Y = 'tenant-y';
const write = (tenantId: string, jobId = `${tenantId}-${Math.random()}`) => ({ jobId, payload: { jobId, tenantId } });

describe('tenant share: the decision', () => {
  it.each([
    [{ active: 0, share: 2, othersWaiting: true }, false],
    [{ active: 1, share: 2, othersWaiting: true }, false],
    [{ active: 2, share: 2, othersWaiting: true }, true],
    [{ active: 5, share: 2, othersWaiting: true }, true],
    [{ active: 2, share: 2, othersWaiting: false }, false],
    [{ active: 50, share: 2, othersWaiting: false }, false],
  ])('%o → put back: %s', (s, expected) => {
    expect(overShare(s)).toBe(expected);
  });
});

describe('tenant share gate', () => {
  const gate = (othersWaiting: (t: string) => boolean) => {
    const bounced: string[] = [];
    const g = tenantShareGate({ share: 2, othersWaiting: async (t) => othersWaiting(t), onBounce: (t) => bounced.push(t), logger });
    return { g, bounced };
  };

  it('admits a tenant up to its share, then puts it back for a moment while others wait', async () => {
    const { g, bounced } = gate(() => true);
    await g.admit(write(X));
    await g.admit(write(X));
    const before = Date.now();
    const e = await g.admit(write(X)).catch((err: unknown) => err);
    expect(e).toBeInstanceOf(RunLaterError);
    expect((e as RunLaterError).untilMs - before).toBeGreaterThanOrEqual(100);
    expect((e as RunLaterError).untilMs - Date.now()).toBeLessThanOrEqual(250);
    expect(bounced).toEqual([X]);
    expect(g.active(X)).toBe(2);
  });

  it('another tenant is admitted while the first holds its share', async () => {
    const { g } = gate(() => true);
    await g.admit(write(X));
    await g.admit(write(X));
    await expect(g.admit(write(Y))).resolves.toBeDefined();
    expect(g.active(Y)).toBe(1);
  });

  it('with nothing else waiting a tenant may use every slot', async () => {
    const { g } = gate(() => false);
    for (let i = 0; i < 10; i++) await g.admit(write(X));
    expect(g.active(X)).toBe(10);
  });

  it('a released run frees its slot (once, whatever the outcome)', async () => {
    const { g } = gate(() => true);
    const a = await g.admit(write(X));
    await g.admit(write(X));
    await a.release('retry');
    await a.release('completed');
    expect(g.active(X)).toBe(1);
    await expect(g.admit(write(X))).resolves.toBeDefined();
  });

  it('a job without a tenant is not counted', async () => {
    const { g } = gate(() => true);
    await g.admit({ jobId: 'j', payload: { echo: 'x' } });
    expect(g.active(X)).toBe(0);
  });
});

describe('object order gate', () => {
  const order: OrderedWrite = { scope: 't:tiktok:1', objects: ['campaign:9'] };
  const setup = (earlier: string[], open: string[]) => {
    const dropped: string[][] = [];
    const g = objectOrderGate({
      order: { earlier: async () => earlier, drop: async (ids) => void dropped.push([...ids]) },
      openOf: async (ids) => ids.filter((id) => open.includes(id)),
      logger,
    });
    return { g, dropped };
  };
  const req = (jobId: string) => ({ jobId, payload: { jobId, tenantId: 't', order } });

  it('admits a write with no earlier write of its objects, and drops it once it settled', async () => {
    const { g, dropped } = setup([], []);
    const a = await g.admit(req('b'));
    await a.release('completed');
    expect(dropped).toEqual([['b']]);
  });

  it('holds a write while an earlier one of its object is open', async () => {
    const { g } = setup(['a'], ['a']);
    await expect(g.admit(req('b'))).rejects.toBeInstanceOf(RunLaterError);
  });

  it('an earlier write whose row ended (or is gone) does not hold it, and is dropped', async () => {
    const { g, dropped } = setup(['done', 'gone'], []);
    await expect(g.admit(req('b'))).resolves.toBeDefined();
    expect(dropped[0]).toEqual(['done', 'gone']);
  });

  it('a write that will run again keeps its place', async () => {
    const { g, dropped } = setup([], []);
    const a = await g.admit(req('b'));
    await a.release('retry');
    await a.release('delayed');
    expect(dropped).toEqual([]);
  });

  it('a write that names no object passes', async () => {
    const { g, dropped } = setup(['a'], ['a']);
    await expect(g.admit({ jobId: 'b', payload: { jobId: 'b', tenantId: 't' } })).resolves.toBeDefined();
    expect(dropped).toEqual([]);
  });
});

describe('admitAll', () => {
  const recording = (name: string, log: string[], bounce = false): AdmissionGate => ({
    name,
    admit: async () => {
      if (bounce) throw new RunLaterError(Date.now() + 100, 'not now');
      log.push(`${name} admitted`);
      return { release: async (o: RunOutcome) => void log.push(`${name} released ${o}`) } satisfies Admission;
    },
  });

  it('releases what earlier gates admitted when a later one bounces the run', async () => {
    const log: string[] = [];
    await expect(admitAll([recording('a', log), recording('b', log, true)], { jobId: 'j', payload: {} })).rejects.toBeInstanceOf(RunLaterError);
    expect(log).toEqual(['a admitted', 'a released delayed']);
  });

  it('tells every gate the outcome', async () => {
    const log: string[] = [];
    const a = await admitAll([recording('a', log), recording('b', log)], { jobId: 'j', payload: {} });
    await a.release('failed');
    expect(log).toEqual(['a admitted', 'b admitted', 'a released failed', 'b released failed']);
  });

  it('outcomeOf: delayed, failed for good, retry, or failed after the last attempt', () => {
    const job = (attemptsMade: number, attempts: number) => ({ attemptsMade, opts: { attempts } });
    expect(outcomeOf(new DelayedError(), job(0, 5))).toBe('delayed');
    expect(outcomeOf(new UnrecoverableError('x'), job(0, 5))).toBe('failed');
    expect(outcomeOf(new Error('x'), job(0, 5))).toBe('retry');
    expect(outcomeOf(new Error('x'), job(4, 5))).toBe('failed');
  });
});
