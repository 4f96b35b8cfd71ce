/**
 * Standalone simulator runner: `npm run sim -- facebook --port 4101 [--latency 20] [--strict]`.
 * `all` starts every simulator of the list (./index.ts) on consecutive ports.
 */
import { SIMULATORS, isSimPlatform } from '.';

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

async function main(): Promise<void> {
  const which = process.argv[2];
  const names = which === 'all' ? Object.keys(SIMULATORS) : which ? [which] : [];
  if (!names.length || !names.every(isSimPlatform)) {
    process.stderr.write(`usage: npm run sim -- <${[...Object.keys(SIMULATORS), 'all'].join('|')}> [--port N] [--latency MS] [--strict]\n`);
    process.exit(2);
  }
  const basePort = arg('port') ? Number(arg('port')) : undefined;
  for (const [i, name] of names.entries()) {
    const sim = await SIMULATORS[name].start({
      port: basePort !== undefined ? basePort + i : SIMULATORS[name].defaultPort,
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
