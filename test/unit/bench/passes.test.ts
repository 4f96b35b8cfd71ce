import { mergePasses, type PassResult } from '../../../bench/lib/passes';

/* The bench's fresh-process passes of one scenario, merged: what the printed table and latest.json report. */
const pass = (rps: number, cpuX: number, rssMb: number, other = `cpu ${cpuX}`): PassResult => ({
  status: 'ok',
  rows: [{ label: 'gateway', rps, p50: 1000 / rps, p99: 2000 / rps, other }],
  targets: [
    { name: 'cpu vs proxy', expected: '≤ 1.2×', actual: `${cpuX.toFixed(2)}× (detail)`, met: cpuX <= 1.2 },
    { name: 'worker peak RSS', expected: '≤ 150 MB', actual: `${rssMb} MB`, met: rssMb <= 150, merge: 'max' },
  ],
  notes: ['note'],
});

it('reports the median process per figure and target, the highest for a peak, and keeps every pass', () => {
  const merged = mergePasses([pass(900, 1.3, 120), pass(1000, 1.1, 160), pass(1100, 1.15, 130)]);
  expect(merged.status).toBe('ok');
  expect(merged.rows[0]).toMatchObject({ rps: 1000, p50: 1, p99: 2, other: 'cpu 1.1' });
  expect(merged.targets.map((t) => [t.met, t.actual])).toEqual([
    [true, '1.15× (detail) (median of 3 processes; 1.1–1.3)'],
    [false, '160 MB (highest of 3 processes; 120–160)'],
  ]);
  expect((merged.details?.passes as unknown[]).length).toBe(3);
});

it('one process is reported as it is; a failed pass fails the scenario', () => {
  const one = pass(1000, 1, 100);
  expect(mergePasses([one])).toBe(one);
  const failed = mergePasses([pass(1000, 1, 100), { status: 'failed', reason: 'boom', rows: [], targets: [], notes: [] }]);
  expect({ status: failed.status, reason: failed.reason, rps: failed.rows[0]?.rps }).toEqual({ status: 'failed', reason: 'boom', rps: 1000 });
});
