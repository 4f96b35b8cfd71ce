/**
 * One scenario measured in several fresh gateway processes (`--processes N`), merged into one
 * result. A process's figures move by several per cent from one start to the next (JIT decisions,
 * heap layout, which core it lands on), so a target judged on one process passes or fails by which
 * process was drawn; the median over fresh processes does not.
 */
import { median } from './load';
import type { Row, ScenarioResult, Target } from './report';

export type PassResult = Omit<ScenarioResult, 'id' | 'title'>;

const middle = <T>(items: T[], key: (t: T) => number): T => {
  const sorted = [...items].sort((a, b) => key(a) - key(b));
  return sorted[Math.floor((sorted.length - 1) / 2)]!;
};

/** The figure a target is judged on: its `value`, else the number its `actual` text starts with. */
const figureOf = (t: Target): number => t.value ?? Number.parseFloat(t.actual);

function mergeRow(rows: Row[]): Row {
  const num = (k: 'rps' | 'p50' | 'p99') => (rows.every((r) => typeof r[k] === 'number') ? median(rows.map((r) => r[k]!)) : undefined);
  // The free text comes from the process whose headline figure is the median one, so it reads as one run.
  const key = rows[0]!.rps !== undefined ? 'rps' : 'p50';
  const text = middle(rows, (r) => r[key] ?? 0);
  const out: Row = { ...text };
  for (const k of ['rps', 'p50', 'p99'] as const) {
    const v = num(k);
    if (v !== undefined) out[k] = v;
  }
  return out;
}

const short = (v: number) => String(Number(v.toPrecision(3)));

function mergeTarget(targets: Target[]): Target {
  const n = targets.length;
  if (n === 1) return targets[0]!;
  const values = targets.map(figureOf);
  if (values.some(Number.isNaN)) {
    // No figure to order by: met when most processes met it.
    const met = targets.filter((t) => t.met).length * 2 > n;
    const chosen = targets.find((t) => t.met === met)!;
    return { ...chosen, met, actual: `${chosen.actual} (met in ${targets.filter((t) => t.met).length} of ${n} processes)` };
  }
  const chosen = targets[0]!.merge === 'max' ? targets.reduce((a, b) => (figureOf(b) > figureOf(a) ? b : a)) : middle(targets, figureOf);
  const lo = short(Math.min(...values));
  const hi = short(Math.max(...values));
  const how = targets[0]!.merge === 'max' ? 'highest' : 'median';
  return { ...chosen, actual: `${chosen.actual} (${how} of ${n} processes; ${lo}–${hi})` };
}

/** The passes of one scenario as one result: medians per row and per target, every pass kept in `details.passes`. */
export function mergePasses(passes: PassResult[]): PassResult {
  if (passes.length === 1) return passes[0]!;
  const ok = passes.filter((p) => p.status === 'ok');
  const failed = passes.find((p) => p.status !== 'ok');
  const base = ok[0] ?? passes[0]!;
  const sameShape = (p: PassResult) => p.rows.length === base.rows.length && p.targets.length === base.targets.length;
  const usable = ok.filter(sameShape);
  if (usable.length === 1 && !failed) return usable[0]!;
  return {
    status: failed ? failed.status : 'ok',
    ...(failed?.reason ? { reason: failed.reason } : {}),
    rows: usable.length ? base.rows.map((_, i) => mergeRow(usable.map((p) => p.rows[i]!))) : [],
    targets: usable.length ? base.targets.map((_, i) => mergeTarget(usable.map((p) => p.targets[i]!))) : [],
    notes: [...base.notes, `each figure is the median over ${usable.length} fresh gateway processes (a target's range is over the processes); every process's own figures are in details.passes`],
    details: { passes: passes.map((p) => ({ status: p.status, reason: p.reason, rows: p.rows, targets: p.targets, details: p.details })) },
  };
}
