/**
 * `npx tsx bench/profile.ts <file.cpuprofile> [top] [skip seconds]` — where a V8 CPU profile (from
 * `npm run bench -- --cpu-prof`) spends its time: self time by package / project area, the hottest
 * functions, and inclusive time of the project's own functions (what a request's stages cost).
 */
import { readFileSync } from 'node:fs';

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
}
interface ProfileNode {
  id: number;
  callFrame: CallFrame;
  hitCount?: number;
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples?: number[];
  timeDeltas?: number[];
}

function area(url: string, fn: string): string {
  if (!url) return fn.startsWith('(') ? fn : '(native)';
  const nm = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (nm) return nm[1]!;
  if (url.startsWith('node:')) return `node:${url.slice(5).split('/')[0]}`;
  const own = /\/dist\/((?:api|shared|workers)\/(?:[^/]+\/)?)/.exec(url);
  if (own) return own[1]!;
  return url.replace(/^file:\/\//, '');
}

/** Samples per node, only those at least `skipS` seconds into the profile (start-up left out). */
function hitsAfter(p: Profile, skipS: number): Map<number, number> {
  const hits = new Map<number, number>();
  if (!p.samples || !p.timeDeltas || skipS <= 0) {
    for (const n of p.nodes) hits.set(n.id, n.hitCount ?? 0);
    return hits;
  }
  let t = p.startTime;
  const from = p.startTime + skipS * 1e6;
  for (let i = 0; i < p.samples.length; i++) {
    t += p.timeDeltas[i] ?? 0;
    if (t >= from) hits.set(p.samples[i]!, (hits.get(p.samples[i]!) ?? 0) + 1);
  }
  return hits;
}

export function summarize(file: string, top = 25, skipS = 0): string {
  const p = JSON.parse(readFileSync(file, 'utf8')) as Profile;
  const hitsOf = hitsAfter(p, skipS);
  for (const n of p.nodes) n.hitCount = hitsOf.get(n.id) ?? 0;
  const totalHits = p.nodes.reduce((a, n) => a + (n.hitCount ?? 0), 0);
  const profiledMs = (p.endTime - p.startTime) / 1000 - skipS * 1000;
  const msPerHit = profiledMs / Math.max(1, totalHits);
  const byId = new Map(p.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of p.nodes) for (const c of n.children ?? []) parent.set(c, n.id);

  const self = new Map<string, number>();
  const areas = new Map<string, number>();
  const inclusive = new Map<string, number>();
  for (const n of p.nodes) {
    const hits = n.hitCount ?? 0;
    if (!hits) continue;
    const f = n.callFrame;
    const key = `${f.functionName || '(anonymous)'} ${f.url.replace(/^.*\/(node_modules|dist)\//, '$1/')}:${f.lineNumber + 1}`;
    self.set(key, (self.get(key) ?? 0) + hits);
    const a = area(f.url, f.functionName);
    areas.set(a, (areas.get(a) ?? 0) + hits);
    // Inclusive time of our own frames: each sample counts once per distinct own frame on its stack.
    const seen = new Set<string>();
    for (let id: number | undefined = n.id; id !== undefined; id = parent.get(id)) {
      const fr = byId.get(id)!.callFrame;
      if (!/\/dist\/(api|shared|workers)\//.test(fr.url)) continue;
      const k = `${fr.functionName || '(anonymous)'} ${fr.url.replace(/^.*\/dist\//, '')}:${fr.lineNumber + 1}`;
      if (seen.has(k)) continue;
      seen.add(k);
      inclusive.set(k, (inclusive.get(k) ?? 0) + hits);
    }
  }
  const pct = (h: number) => `${((h / Math.max(1, totalHits)) * 100).toFixed(1).padStart(5)} %`;
  const list = (m: Map<string, number>, n: number) =>
    [...m.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([k, h]) => `  ${pct(h)}  ${(h * msPerHit).toFixed(0).padStart(7)} ms  ${k}`);
  return [
    `${file}: ${(profiledMs / 1000).toFixed(1)} s profiled${skipS ? ` (first ${skipS} s skipped)` : ''}, ${totalHits} samples`,
    '', 'self time by area:', ...list(areas, top),
    '', 'hottest functions (self):', ...list(self, top),
    '', 'our own functions (inclusive):', ...list(inclusive, top),
  ].join('\n');
}

if (require.main === module) {
  const [file, top, skip] = process.argv.slice(2);
  if (!file) {
    process.stderr.write('usage: tsx bench/profile.ts <file.cpuprofile> [top=25] [skip seconds=0]\n');
    process.exit(2);
  }
  process.stdout.write(`${summarize(file, Number(top ?? 25), Number(skip ?? 0))}\n`);
}
