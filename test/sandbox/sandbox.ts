/**
 * `npm run sandbox`: every platform simulator, a mail catcher, the gateway (api + worker) and a
 * demo tenant, in one command and one process. Ports and the database come from env (PORT,
 * DATABASE_URL, REDIS_URL, SIM_*_PORT, SANDBOX_WEBHOOK_PORT, SANDBOX_SMTP_PORT).
 */
import { ensureDatabase } from '../../shared/persistence/ensure-database';
import { startMailBox } from '../helpers/smtp';
import { SANDBOX_PORTS, sandboxEnv } from './sandbox-env';
import { SIM_PLATFORMS, SIMULATORS, type SimPlatform } from '../simulators';
import { DEMO, ensureDemoTenant } from './demo-tenant';
import { walkthrough } from './walkthrough';
import { ensureDemoWebhook, startSandboxReceiver } from './webhook-receiver';
import { stopWithTheSession } from './stop';

const port = (name: string, def: number) => Number(process.env[name] ?? def);

async function waitReady(base: string, ms = 30_000): Promise<void> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    try {
      if ((await fetch(`${base}/readyz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`gateway at ${base} did not become ready`);
}

class Refused extends Error {}

async function run(): Promise<void> {
  let gatewayRunning = false;
  stopWithTheSession({ gatewayRunning: () => gatewayRunning, out: (line) => process.stdout.write(line) });
  const gatewayPort = port('PORT', SANDBOX_PORTS.gateway);
  const settings = sandboxEnv(process.env, gatewayPort);
  if (settings.refusals.length) throw new Refused(`the sandbox cannot start with these settings:\n${settings.refusals.map((r) => `  - ${r}`).join('\n')}`);
  for (const n of settings.notes) process.stdout.write(`note: ${n}\n`);
  // Mail the gateway sends (invitations, password resets) is printed here instead of delivered.
  const mail = process.env.SMTP_URL ? undefined : await startMailBox({ port: port('SANDBOX_SMTP_PORT', 0), onMail: (m) => process.stdout.write(`\n--- mail to ${m.to.join(', ')}: ${m.subject}\n${m.text.trim()}\n---\n`) });
  // Every simulator of the list, each on SIM_<PLATFORM>_PORT (default: its usual port).
  const sims = await Promise.all(SIM_PLATFORMS.map((p) => SIMULATORS[p].start({ port: port(`SIM_${p.toUpperCase()}_PORT`, SIMULATORS[p].defaultPort) })));
  const simUrls = Object.fromEntries(SIM_PLATFORMS.map((p, i) => [p, sims[i]!.baseUrl])) as Record<SimPlatform, string>;
  const receiver = await startSandboxReceiver(port('SANDBOX_WEBHOOK_PORT', SANDBOX_PORTS.webhookReceiver), (line) => process.stdout.write(line));
  const base = `http://127.0.0.1:${gatewayPort}`;
  // Every platform URL points at the local simulators, exactly as production points at the real hosts.
  Object.assign(process.env, {
    ...settings.env,
    ...(mail ? { SMTP_URL: mail.url } : {}),
    ...Object.assign({}, ...SIM_PLATFORMS.map((p) => SIMULATORS[p].env(simUrls[p]!))),
    // The local receiver is on 127.0.0.1 over plain http, which webhooks otherwise refuse.
    WEBHOOK_ALLOWED_HOSTS: process.env.WEBHOOK_ALLOWED_HOSTS ?? '127.0.0.1',
  });
  try {
    await ensureDatabase(settings.env.DATABASE_URL!);
  } catch (e) {
    throw new Refused(`the sandbox database ${redactDb(settings.env.DATABASE_URL!)} cannot be prepared: ${e instanceof Error ? e.message : String(e)}`);
  }
  const { main } = await import('../../api/main');
  await main('all');
  gatewayRunning = true;
  await waitReady(base);
  const { apiKey, tenantId } = await ensureDemoTenant(base);
  receiver.useSecret(await ensureDemoWebhook(base, apiKey, receiver.url));
  process.stdout.write(`\nWebhooks: every event of the demo tenant goes to ${receiver.url} and is printed here as [webhook] lines.\n`);
  process.stdout.write(`\nConsole: open ${base}/console in a browser and sign in as ${DEMO.email} with the password ${DEMO.password}\n`);
  process.stdout.write(walkthrough({ base, apiKey, tenantId, sims: simUrls, pid: process.pid }));
  // One machine-readable line, so tests can follow the walk-through against this process.
  process.stdout.write(`SANDBOX_READY ${JSON.stringify({ baseUrl: base, apiKey, tenantId, pid: process.pid, sims: simUrls })}\n`);
}

const redactDb = (u: string) => u.replace(/\/\/[^@/]*@/, '//');

run().catch((e: unknown) => {
  process.stderr.write(`sandbox failed: ${e instanceof Refused ? e.message : e instanceof Error ? e.stack : String(e)}\n`);
  process.exit(1);
});
