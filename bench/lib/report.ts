/**
 * What a scenario reports, the printed table, and bench/results/latest.json (with the machine,
 * Node version and git commit, so numbers are never read without their context).
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { configSchema } from '../../shared/infra/config';
import { platformModules } from '../../shared/platforms';

export interface Row {
  label: string;
  rps?: number;
  p50?: number;
  p99?: number;
  /** Anything else worth a column: "ratio 0.84", "records/s 5120", … */
  other?: string;
}

export interface Target {
  name: string;
  expected: string;
  actual: string;
  met: boolean;
  /** The figure judged, for merging fresh-process passes (default: the number `actual` starts with). */
  value?: number;
  /** How passes merge: the median (default), or the highest figure (a peak, where the worst process is the answer). */
  merge?: 'median' | 'max';
}

export interface ScenarioResult {
  id: string;
  title: string;
  status: 'ok' | 'skipped' | 'failed';
  reason?: string;
  rows: Row[];
  targets: Target[];
  notes: string[];
  /** Raw measurements (every run, not just medians). */
  details?: Record<string, unknown>;
  seconds?: number;
}

const clip = (s: string, n = 110) => (s.length > n ? `${s.slice(0, n - 1)}…` : s);
const fmt = (n: number | undefined, digits = 1) => (n === undefined || Number.isNaN(n) ? '' : n >= 1000 ? Math.round(n).toString() : n.toFixed(digits));

export function renderTable(results: ScenarioResult[]): string {
  const header = ['scenario', 'measurement', 'req/s', 'p50 ms', 'p99 ms', 'other'];
  const lines: string[][] = [];
  for (const r of results) {
    if (r.status !== 'ok' && !r.rows.length) {
      lines.push([r.id, clip(`${r.status}: ${r.reason ?? ''}`), '', '', '', '']);
      continue;
    }
    for (const [i, row] of r.rows.entries()) {
      lines.push([i === 0 ? r.id : '', row.label, fmt(row.rps, 0), fmt(row.p50, 2), fmt(row.p99, 2), row.other ?? '']);
    }
    if (r.status !== 'ok') lines.push(['', clip(`${r.status}: ${r.reason ?? ''}`), '', '', '', '']);
  }
  const widths = header.map((h, c) => Math.max(h.length, ...lines.map((l) => l[c]!.length)));
  const row = (cells: string[]) => `| ${cells.map((x, c) => (c >= 2 && c <= 4 ? x.padStart(widths[c]!) : x.padEnd(widths[c]!))).join(' | ')} |`;
  const out = [row(header), `|${widths.map((w, c) => (c >= 2 && c <= 4 ? `${'-'.repeat(w + 1)}:` : '-'.repeat(w + 2))).join('|')}|`, ...lines.map(row)];
  const targets = results.flatMap((r) => r.targets.map((t) => `  ${t.met ? 'MET    ' : 'NOT MET'}  [${r.id}] ${t.name}: ${t.actual} (target ${t.expected})`));
  if (targets.length) out.push('', 'Targets:', ...targets);
  const notes = results.flatMap((r) => r.notes.map((n) => `  [${r.id}] ${n}`));
  if (notes.length) out.push('', 'Notes:', ...notes);
  return out.join('\n');
}

function gitCommit(root: string): { commit: string; dirty: boolean } {
  try {
    const commit = execFileSync('git', ['rev-parse', 'HEAD'], { cwd: root, encoding: 'utf8' }).trim();
    const dirty = execFileSync('git', ['status', '--porcelain'], { cwd: root, encoding: 'utf8' }).trim().length > 0;
    return { commit, dirty };
  } catch {
    return { commit: 'unknown', dirty: false };
  }
}

export function machineInfo() {
  const cpus = os.cpus();
  return {
    os: `${os.type()} ${os.release()} (${os.platform()}/${os.arch()})`,
    cpus: cpus.length,
    cpuModel: cpus[0]?.model ?? 'unknown',
    memoryBytes: os.totalmem(),
    loadAverage: os.loadavg(),
  };
}

/** Gateway settings taken from the caller's environment (children inherit it), secrets masked. */
function overridesFromEnv(): Record<string, string> {
  const out: Record<string, string> = {};
  const keys = [
    ...Object.keys(configSchema._def.schema.shape),
    // Each platform's own settings (its config slice): pacing, GAQL fan-out, …
    ...platformModules.flatMap((m) => Object.keys(m.config?.shape ?? {})),
    ...Object.keys(process.env).filter((k) => k.startsWith('BENCH_')),
  ];
  for (const key of keys) {
    const v = process.env[key];
    if (v !== undefined && v !== '') out[key] = /SECRET|KEYS|TOKEN|URL/.test(key) ? '(set)' : v;
  }
  return out;
}

export function writeResults(
  root: string,
  file: string,
  run: { mode: 'quick' | 'full'; contended: boolean; durationS: number; repeats: number; processes: number; startedAt: Date; loadAtStart: number[]; scenarios: ScenarioResult[]; argv: string[] },
): string {
  const out = {
    startedAt: run.startedAt.toISOString(),
    finishedAt: new Date().toISOString(),
    elapsedSeconds: Math.round((Date.now() - run.startedAt.getTime()) / 100) / 10,
    mode: run.mode,
    /** true: one CPU-burning process per core ran beside the gateway for the whole run (`--contended`). */
    contended: run.contended,
    loadSecondsPerRun: run.durationS,
    /** Measured runs per gateway process. */
    repeats: run.repeats,
    /** Fresh gateway processes per scenario (each figure is the median over them). */
    processes: run.processes,
    argv: run.argv,
    machine: { ...machineInfo(), loadAverageAtStart: run.loadAtStart },
    node: process.version,
    git: gitCommit(root),
    gatewayEnvFromCaller: overridesFromEnv(),
    scenarios: run.scenarios,
  };
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, `${JSON.stringify(out, null, 2)}\n`);
  return file;
}
