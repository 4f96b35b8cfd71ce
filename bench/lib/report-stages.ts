/**
 * The api's own work on one report, timed alone in the bench process: the recorded answers parsed,
 * read by each platform's report source, built into rows, sorted and counted, the page cut and
 * written, by the functions the report service runs, without the network, the limiter or another
 * process on the cores. Informative: where the simulators share the machine's cores, the api's CPU
 * per report measured during the passes is inflated by the sharing; this figure is not, and being
 * taken on fixed input, it shows a change to one stage more clearly than the passes' ratio.
 */
import { performance } from 'node:perf_hooks';
import { jsonBytes } from '../../api/http/json-bytes';
import type { PlatformCaller } from '../../shared/platforms/core/caller';
import type { ReportRequest } from '../../shared/platforms/core/report-source';
import { accountContext, buildRows } from '../../shared/domain/reports/report-rows';
import { accountOrderKey, accountPart, pageOfReport, type AccountRows } from '../../shared/domain/reports/report-page';
import type { ReportInput } from '../../shared/domain/reports/report.types';
import { median } from './load';
import { setupOf, type AccountCalls, type PlatformSetup, type ReportPlatform } from './report-direct';

type Setups = ReadonlyMap<ReportPlatform, PlatformSetup>;

export interface ReportStages {
  /** `JSON.parse` of the platforms' answers. */
  parse: number;
  /** The platforms' report sources reading the parsed answers into their rows. */
  rows: number;
  /** Report rows built: money, ratios, finality. */
  build: number;
  /** Each account's rows sorted and counted, the accounts ordered and the page cut. */
  order: number;
  /** The page written as the answer's bytes, in its envelope. */
  write: number;
  total: number;
}

/** A caller that answers an account's calls with what was recorded for them, in order, timing the parse. */
function replayingCaller(a: AccountCalls, { wire }: PlatformSetup, spent: { parse: number }): PlatformCaller {
  let next = 0;
  const caller = {
    ref: { tenantId: 'bench', platform: a.platform, connectionId: 'recorded', platformAccountId: a.accountId },
    async request<T>(): Promise<T> {
      const started = performance.now();
      const body: unknown = JSON.parse(a.calls[next++]!.answer);
      spent.parse += performance.now() - started;
      return (wire.unwrap ? wire.unwrap(body) : body) as T;
    },
    app: async () => ({ clientId: 'recorded', extras: {} }),
    forAccount: () => caller,
  };
  return caller;
}

async function oneReport(accounts: readonly AccountCalls[], setups: Setups, req: ReportRequest, limit: number): Promise<ReportStages> {
  const spent = { parse: 0, rows: 0, build: 0, order: 0, write: 0 };
  const input: ReportInput = { ...req, includeRaw: false };
  const parts: AccountRows[] = [];
  for (const a of accounts) {
    const setup = setups.get(a.platform)!;
    const { source } = setup;
    const caller = replayingCaller(a, setup, spent);
    const t0 = performance.now();
    const got = await source.rows(caller, req);
    const t1 = performance.now();
    const ctx = accountContext(a.platform, a.accountId, source, { ...got.account, timezone: source.fixedTimezone ?? got.account.timezone });
    const built = buildRows(ctx, got.rows, input);
    const t2 = performance.now();
    parts.push(accountPart(accountOrderKey(a.platform, a.accountId), built));
    spent.rows += t1 - t0;
    spent.build += t2 - t1;
    spent.order += performance.now() - t2;
  }
  const t3 = performance.now();
  const page = pageOfReport(parts, [], { from: 0, limit });
  const t4 = performance.now();
  jsonBytes({ success: true, message: 'Report fetched', timestamp: new Date().toISOString(), statusCode: 200, data: page }).release();
  spent.order += t4 - t3;
  spent.write += performance.now() - t4;
  // The sources' time includes the parse their calls made.
  spent.rows -= spent.parse;
  return { ...spent, total: spent.parse + spent.rows + spent.build + spent.order + spent.write };
}

/** Median of each stage over `rounds` reports (after as many unmeasured ones, so the code is optimised). */
export async function timeReportStages(accounts: readonly AccountCalls[], req: ReportRequest, limit: number, rounds: number): Promise<ReportStages> {
  // Made once: the gateway builds its wire formats at start-up, not per report.
  const setups: Setups = new Map(accounts.map((a) => [a.platform, setupOf(a.platform, 'http://recorded.invalid')]));
  for (let i = 0; i < rounds; i++) await oneReport(accounts, setups, req, limit);
  const runs: ReportStages[] = [];
  for (let i = 0; i < rounds; i++) runs.push(await oneReport(accounts, setups, req, limit));
  const at = (k: keyof ReportStages) => median(runs.map((r) => r[k]));
  return { parse: at('parse'), rows: at('rows'), build: at('build'), order: at('order'), write: at('write'), total: at('total') };
}
