import { FanOutGate } from '../../../shared/platforms/google/reporting/fan-out-gate';

/*
 * How concurrent fan-outs share a replica's fan-out connections. Every call is held until the test
 * answers it, so what is running at any point is read, not timed.
 */

/** One fan-out whose calls wait until answered: `running` lists the items started and not yet answered. */
function heldFanOut(gate: FanOutGate, items: number, limit: number) {
  const running = new Map<number, () => void>();
  const done = gate.map(
    Array.from({ length: items }, (_, i) => i),
    limit,
    (i) =>
      new Promise<number>((resolve) => {
        running.set(i, () => {
          running.delete(i);
          resolve(i);
        });
      }),
  );
  const answer = async (n: number) => {
    for (const release of [...running.values()].slice(0, n)) release();
    await settled();
  };
  return { running, answer, done };
}

const settled = () => new Promise((r) => setImmediate(r));

describe('FanOutGate', () => {
  it('runs a fan-out alone up to its own limit at once, and never more than the capacity', async () => {
    const gate = new FanOutGate(8);
    const a = heldFanOut(gate, 20, 50);
    await settled();
    expect(a.running.size).toBe(8);
    const b = heldFanOut(new FanOutGate(64), 50, 50);
    await settled();
    expect(b.running.size).toBe(50);
    await b.answer(50);
    expect((await b.done).every((r) => r.ok)).toBe(true);
  });

  it('gives each freed place to the fan-out running fewest, so two concurrent fan-outs end up with equal parts', async () => {
    const gate = new FanOutGate(8);
    const a = heldFanOut(gate, 20, 8);
    await settled();
    const b = heldFanOut(gate, 20, 8);
    await settled();
    expect([a.running.size, b.running.size]).toEqual([8, 0]);

    await a.answer(4);
    expect([a.running.size, b.running.size]).toEqual([4, 4]);
    await b.answer(1);
    expect([a.running.size, b.running.size]).toEqual([4, 4]);
    await a.answer(2);
    expect([a.running.size, b.running.size]).toEqual([4, 4]);

    while (a.running.size || b.running.size) {
      await a.answer(8);
      await b.answer(8);
    }
    const [ra, rb] = await Promise.all([a.done, b.done]);
    expect(ra.map((r) => r.ok && r.value)).toEqual(Array.from({ length: 20 }, (_, i) => i));
    expect(rb.map((r) => r.ok && r.value)).toEqual(Array.from({ length: 20 }, (_, i) => i));
  });

  it('leaves what a fan-out may not use to the next one at once', async () => {
    const gate = new FanOutGate(8);
    const a = heldFanOut(gate, 20, 6);
    const b = heldFanOut(gate, 20, 6);
    await settled();
    expect([a.running.size, b.running.size]).toEqual([6, 2]);
  });

  it('settles a call that throws before its first await as that item’s failure', async () => {
    const out = await new FanOutGate(2).map([1, 2], 2, (i) => {
      if (i === 1) throw new Error('at once');
      return Promise.resolve(i);
    });
    expect(out.map((r) => r.ok)).toEqual([false, true]);
  });
});
