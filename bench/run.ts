/**
 * `npm run bench [-- --quick] [--contended] [--scenario read,write] [--processes N] [--cpu-prof] [--out file]`
 *
 * Starts the simulators, the baseline proxy and the gateway (compiled, api and worker as separate
 * processes) against a fresh PostgreSQL database and Redis prefix, runs each scenario with autocannon,
 * prints one table and writes bench/results/latest.json. Each scenario runs `--processes` times, each
 * time in fresh gateway processes, and reports the medians. Everything it started is removed at the end,
 * also on failure or Ctrl-C. `--contended` runs one CPU-burning process per core beside everything
 * for the whole run, so each scenario is measured on a loaded machine.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { build, needsBuild } from './lib/build';
import { BenchContext, type RunSettings, type Scenario } from './lib/context';
import { clearRedis, createDatabase, dropDatabase, newInfra } from './lib/infra';
import { gatewayEnv } from './lib/gateway';
import { killAllSync, ROOT, startBurner, stopAll } from './lib/processes';
import { renderTable, writeResults, type ScenarioResult } from './lib/report';
import { RouteMissing } from './lib/setup';
import { mergePasses, type PassResult } from './lib/passes';
import { scenarios } from './scenarios';

function parseArgs(argv: string[]) {
  const value = (name: string) => {
    const i = argv.indexOf(`--${name}`);
    const inline = argv.find((a) => a.startsWith(`--${name}=`));
    return inline ? inline.slice(name.length + 3) : i >= 0 ? argv[i + 1] : undefined;
  };
  const quick = argv.includes('--quick');
  const only = value('scenario')?.split(',').map((s) => s.trim()).filter(Boolean);
  const unknown = only?.filter((id) => !scenarios.some((s) => s.id === id)) ?? [];
  if (unknown.length) {
    process.stderr.write(`unknown scenario(s): ${unknown.join(', ')}; known: ${scenarios.map((s) => s.id).join(', ')}\n`);
    process.exit(2);
  }
  const settings: RunSettings = {
    quick,
    durationS: Number(value('duration') ?? (quick ? 2.5 : 10)),
    repeats: Number(value('repeats') ?? 1),
    processes: Math.max(1, Number(value('processes') ?? (quick ? 1 : 3))),
    warmupS: quick ? 1 : 2,
    referenceS: 0,
    cpuProf: argv.includes('--cpu-prof'),
    contended: argv.includes('--contended'),
  };
  settings.referenceS = Math.max(1.5, settings.durationS / 2);
  const out = path.resolve(value('out') ?? path.join(ROOT, 'bench', 'results', 'latest.json'));
  return { settings, only, out, noBuild: argv.includes('--no-build'), contended: settings.contended };
}

async function main(): Promise<number> {
  const startedAt = new Date();
  const loadAtStart = os.loadavg();
  const argv = process.argv.slice(2);
  const { settings, only, out, noBuild, contended } = parseArgs(argv);
  const say = (m: string) => process.stderr.write(`[bench ${((Date.now() - startedAt.getTime()) / 1000).toFixed(1)}s] ${m}\n`);
  if (!noBuild && needsBuild()) build(say);

  const logDir = mkdtempSync(path.join(os.tmpdir(), 'aag-bench-'));
  const profDir = path.join(ROOT, 'bench', 'results', 'profiles');
  if (settings.cpuProf) {
    mkdirSync(profDir, { recursive: true });
    // Profiles are large and machine-specific: never committed.
    writeFileSync(path.join(profDir, '.gitignore'), '*\n');
  }
  const infra = newInfra();
  say(`logs in ${logDir}; database ${infra.dbName}; redis prefix ${infra.redisPrefix}`);
  if (loadAtStart[0]! > os.cpus().length * 0.5) say(`warning: load average ${loadAtStart[0]!.toFixed(1)} on ${os.cpus().length} CPUs before start; other processes will skew the numbers`);

  let cleaned = false;
  let creating: Promise<void> | undefined;
  const cleanup = async () => {
    if (cleaned) return;
    cleaned = true;
    // A signal can arrive while the database is being created: drop it only once it exists.
    await creating?.catch(() => undefined);
    await stopAll();
    await dropDatabase(infra).catch((e: Error) => say(`could not drop ${infra.dbName}: ${e.message}`));
    await clearRedis(infra).catch((e: Error) => say(`could not clear redis prefix: ${e.message}`));
  };
  const onSignal = (sig: NodeJS.Signals) => {
    say(`${sig}: cleaning up`);
    void cleanup().finally(() => process.exit(130));
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  process.once('exit', killAllSync);

  const results: ScenarioResult[] = [];
  try {
    creating = createDatabase(infra, gatewayEnv(infra, {}), logDir);
    await creating;
    if (contended) {
      for (let i = 0; i < os.cpus().length; i++) startBurner(logDir, i);
      say(`contended: ${os.cpus().length} CPU burners running beside the gateway`);
    }
    const ctx = new BenchContext(settings, infra, logDir, profDir, say);
    const chosen: Scenario[] = only ? scenarios.filter((s) => only.includes(s.id)) : scenarios;
    for (const s of chosen) {
      const t0 = Date.now();
      say(`scenario ${s.id}: ${s.title}`);
      ctx.scenarioId = s.id;
      // Each pass starts the scenario's gateway processes afresh (the scenario starts them, endScenario stops them).
      const passes: PassResult[] = [];
      for (let pass = 0; pass < settings.processes; pass++) {
        ctx.pass = pass;
        if (settings.processes > 1) say(`scenario ${s.id}: fresh gateway processes, pass ${pass + 1} of ${settings.processes}`);
        try {
          passes.push(await s.run(ctx));
        } catch (err) {
          const skipped = err instanceof RouteMissing;
          const reason = err instanceof Error ? err.message : String(err);
          say(`scenario ${s.id} ${skipped ? 'skipped' : 'FAILED'}: ${reason}`);
          passes.push({ status: skipped ? 'skipped' : 'failed', reason, rows: [], targets: [], notes: [] });
        } finally {
          await ctx.endScenario().catch(() => undefined);
        }
        if (passes.at(-1)!.status !== 'ok') break;
      }
      const r: ScenarioResult = { id: s.id, title: s.title, ...mergePasses(passes) };
      r.seconds = Math.round((Date.now() - t0) / 100) / 10;
      results.push(r);
    }
  } finally {
    await cleanup();
  }
  const file = writeResults(ROOT, out, { mode: settings.quick ? 'quick' : 'full', contended, durationS: settings.durationS, repeats: settings.repeats, processes: settings.processes, startedAt, loadAtStart, scenarios: results, argv });
  process.stdout.write(`\n${contended ? `CONTENDED: one CPU burner per core (${os.cpus().length})\n` : ''}${renderTable(results)}\n\nwrote ${path.relative(process.cwd(), file)} in ${((Date.now() - startedAt.getTime()) / 1000).toFixed(0)} s\n`);
  return results.some((r) => r.status === 'failed') ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    process.stderr.write(`bench failed: ${err instanceof Error ? err.stack : String(err)}\n`);
    process.exit(1);
  },
);
