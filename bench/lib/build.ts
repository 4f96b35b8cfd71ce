/**
 * The gateway runs from compiled `dist/` as in production. The bench compiles when any source is
 * newer than the build (a fresh clone has no dist/ at all); type checking is `npm run typecheck`'s job.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync, utimesSync } from 'node:fs';
import path from 'node:path';
import { ROOT, distPath } from './processes';

const SOURCES = ['api', 'shared', 'workers', 'bench', 'test/simulators'];
const OUTPUTS = [distPath('api', 'main.js'), distPath('workers', 'main.js'), distPath('bench', 'lib', 'sim-child.js'), distPath('bench', 'lib', 'baseline-child.js'), distPath('bench', 'lib', 'floor-api-child.js'), distPath('bench', 'lib', 'floor-worker-child.js')];

function newestSource(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'results') continue;
    const p = path.join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestSource(p));
    else if (entry.name.endsWith('.ts')) newest = Math.max(newest, statSync(p).mtimeMs);
  }
  return newest;
}

export function needsBuild(): boolean {
  if (!OUTPUTS.every((f) => existsSync(f))) return true;
  const built = Math.min(...OUTPUTS.map((f) => statSync(f).mtimeMs));
  return SOURCES.some((s) => existsSync(path.join(ROOT, s)) && newestSource(path.join(ROOT, s)) > built);
}

export function build(say: (m: string) => void): void {
  say('compiling to dist/ (tsc --noCheck) …');
  const r = spawnSync(process.execPath, [path.join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', '.', '--noCheck'], { cwd: ROOT, encoding: 'utf8' });
  const missing = OUTPUTS.filter((f) => !existsSync(f));
  if (missing.length) throw new Error(`build failed (exit ${r.status}):\n${(r.stdout + r.stderr).slice(0, 2000)}`);
  if (r.status !== 0) say(`tsc reported problems but emitted the build:\n${(r.stdout + r.stderr).slice(0, 800)}`);
  // tsc leaves unchanged outputs untouched; mark the build as current for the staleness check.
  const now = new Date();
  for (const f of OUTPUTS) utimesSync(f, now, now);
}
