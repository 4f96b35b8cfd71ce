/**
 * Standalone simulator runner: `npm run sim -- facebook --port 4101 [--latency 20] [--strict]`.
 * `all` starts the three on consecutive ports.
 */
import type { RunningSim } from './common/sim-kit';

type Starter = (opts: { port?: number; latencyMs?: number; strict?: boolean }) => Promise<RunningSim>;

const starters: Record<string, () => Promise<Starter>> = {
  facebook: async () => (await import('./facebook')).startFacebookSim as Starter,
  tiktok: async () => (await import('./tiktok')).startTiktokSim as Starter,
  google: async () => (await import('./google')).startGoogleSim as Starter,
};
const DEFAULT_PORTS: Record<string, number> = { facebook: 4101, tiktok: 4102, google: 4103 };

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

async function main(): Promise<void> {
  const which = process.argv[2];
  const names = which === 'all' ? Object.keys(starters) : which ? [which] : [];
  if (!names.length || names.some((n) => !starters[n])) {
    process.stderr.write('usage: npm run sim -- <facebook|tiktok|google|all> [--port N] [--latency MS] [--strict]\n');
    process.exit(2);
  }
  const basePort = arg('port') ? Number(arg('port')) : undefined;
  for (const [i, name] of names.entries()) {
    const start = await starters[name]!();
    const sim = await start({
      port: basePort !== undefined ? basePort + i : DEFAULT_PORTS[name],
      latencyMs: arg('latency') ? Number(arg('latency')) : undefined,
      strict: process.argv.includes('--strict'),
    });
    process.stdout.write(`${name} simulator on ${sim.baseUrl} (control: ${sim.baseUrl}/__sim)\n`);
  }
}

main().catch((e: unknown) => {
  process.stderr.write(`${e instanceof Error ? e.stack : String(e)}\n`);
  process.exit(1);
});
