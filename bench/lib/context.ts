/**
 * What a scenario gets: the run's settings, simulators (started once, shared), and a way to start
 * gateway processes that are stopped when the scenario ends.
 */
import path from 'node:path';
import { gatewayEnv, startApi, startWorker, type ApiProcess } from './gateway';
import { queryBenchDb, type BenchInfra } from './infra';
import type { Child } from './processes';
import type { ScenarioResult } from './report';
import { startSim, type SimPlatform, type SimProcess } from './sims';
import type { SimChildOptions } from './sim-child';

export interface RunSettings {
  quick: boolean;
  /** Seconds of load per measured run. */
  durationS: number;
  /** Measured runs per target in each gateway process (the median is reported). */
  repeats: number;
  /** Times each scenario runs, each in fresh gateway processes (`--processes`; the median over them is reported). */
  processes: number;
  /** Seconds of unmeasured load before the first measured run (JIT, pools, caches). */
  warmupS: number;
  /** Seconds for reference measurements that are not gateway load (direct simulator calls). */
  referenceS: number;
  /** Write V8 CPU profiles of the gateway children, api and worker (`--cpu-prof`). */
  cpuProf: boolean;
  /** One CPU-burning process per core runs beside everything (`--contended`); some targets are looser then. */
  contended: boolean;
}

/** The simulators' sizes for the whole run (the big accounts are generated lazily, on first read). */
export const SIM_OPTIONS: SimChildOptions = { tiktokBigAccount: 100_000, googleFanoutAccounts: 50, reportAccounts: true };

export class BenchContext {
  private readonly sims = new Map<SimPlatform, Promise<SimProcess>>();
  private scoped: Child[] = [];
  private apiSeq = 0;
  /** Set by the runner: each scenario gets its own Redis prefix (queues, limiter, caches never mix). */
  scenarioId = 'setup';
  /** Which of the scenario's fresh-process passes runs (0 first): each pass has a Redis prefix of its own. */
  pass = 0;
  /** Measurements a later scenario may reuse within the same run (e.g. the baseline proxy's medians). */
  readonly shared = new Map<string, unknown>();

  constructor(
    readonly settings: RunSettings,
    readonly infra: BenchInfra,
    readonly logDir: string,
    readonly profDir: string,
    private readonly say: (msg: string) => void,
  ) {}

  log(msg: string): void {
    this.say(msg);
  }

  sim(platform: SimPlatform): Promise<SimProcess> {
    let p = this.sims.get(platform);
    if (!p) {
      p = startSim(platform, this.logDir, SIM_OPTIONS);
      this.sims.set(platform, p);
    }
    return p;
  }

  async env(platforms: SimPlatform[], extra: Record<string, string> = {}): Promise<Record<string, string>> {
    const urls: Partial<Record<SimPlatform, string>> = {};
    for (const p of platforms) urls[p] = (await this.sim(p)).baseUrl;
    return { ...gatewayEnv(this.infra, urls), REDIS_PREFIX: `${this.infra.redisPrefix}:${this.scenarioId}${this.pass ? `-${this.pass}` : ''}`, ...extra };
  }

  async api(env: Record<string, string>, label = 'api'): Promise<ApiProcess> {
    const name = `${label}-${++this.apiSeq}`;
    const api = await startApi({ name, env, logDir: this.logDir, cpuProfDir: this.settings.cpuProf ? this.profDir : undefined });
    this.scoped.push(api.child);
    return api;
  }

  async worker(env: Record<string, string>, label = 'worker', expectWorkers = 1): Promise<Child> {
    const child = await startWorker({ name: `${label}-${++this.apiSeq}`, env, logDir: this.logDir, expectWorkers, cpuProfDir: this.settings.cpuProf ? this.profDir : undefined });
    this.scoped.push(child);
    return child;
  }

  /**
   * Stops the gateway processes the current scenario started (profiles are written on exit), then
   * drops the jobs it left unfinished (the rate-limit scenario ends with a backlog of async writes).
   * Scenarios share the database but not the Redis prefix, so a later scenario's worker would find
   * them missing from its queue, re-enqueue them as a real deployment must, and run them inside that
   * scenario's measurement.
   */
  async endScenario(): Promise<void> {
    const all = this.scoped;
    this.scoped = [];
    await Promise.all(all.map((c) => c.stop()));
    const left = await queryBenchDb<{ n: number }>(this.infra, "with d as (delete from jobs where state in ('queued', 'active') returning 1) select count(*)::int as n from d");
    if (left[0]?.n) this.log(`dropped ${left[0].n} jobs scenario ${this.scenarioId} left unfinished`);
  }

  profilePath(name: string): string {
    return path.join(this.profDir, `${name}.cpuprofile`);
  }
}

export interface Scenario {
  id: string;
  title: string;
  run(ctx: BenchContext): Promise<Omit<ScenarioResult, 'id' | 'title'>>;
}
