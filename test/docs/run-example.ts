/**
 * Runs one README example against a running sandbox, as a reader would after filling in what the
 * README tells them to (their gateway's address and ports, `$KEY`, a mailed token): shell through
 * bash, TypeScript through tsx. Every HTTP answer the example receives is recorded (curl's and
 * fetch's status codes), so the test can check them.
 */
import { execFile, spawn } from 'node:child_process';
import { connect } from 'node:net';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import type { SandboxReady } from '../sandbox/harness';
import { MAIL_PLACEHOLDERS, PLACEHOLDER_BASE_URL, USUAL_PORTS } from './readme-example-settings';
import { ROOT, type ExampleLanguage } from './readme-examples';

const TSX = path.join(ROOT, 'node_modules/tsx/dist/cli.mjs');
const CLIENT_SRC = path.join(ROOT, 'clients/typescript/src');

export interface Answer {
  status: number;
  method: string;
  path: string;
}

export interface ExampleRun {
  code: number;
  stdout: string;
  stderr: string;
  answers: Answer[];
}

/** Each curl call also writes its status on stderr; `mail_token` waits for a mailed token the sandbox prints. */
const SHELL_PRELUDE = String.raw`set -e -o pipefail
curl() { command curl -w '%{stderr}HTTP %{http_code} %{method} %{url_effective}\n' "$@"; }
mail_token() {
  local t
  for _ in $(seq 150); do
    t=$(tail -c +"$LOG_FROM" "$SANDBOX_LOG" | grep -o "$1[A-Za-z0-9_-]\{20,\}" | tail -1 || true)
    if [ -n "$t" ]; then echo "$t"; return 0; fi
    sleep 0.2
  done
  echo "no mail with a $1 token" >&2
  return 1
}
`;

/** Loaded before the example's own imports, so the client's fetch is the recording one. */
const FETCH_RECORDER = `const original = globalThis.fetch;
globalThis.fetch = async (input, init) => {
  const method = (init?.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase();
  const url = input instanceof Request ? input.url : String(input);
  const res = await original(input, init);
  process.stderr.write(\`HTTP \${res.status} \${method} \${url}\\n\`);
  return res;
};
`;

/** The README's usual addresses replaced by the sandbox's (a reader's sandbox may not be on 3000 either). */
export function localize(code: string, ready: SandboxReady): string {
  const port = (usual: number) => {
    const listener = USUAL_PORTS[usual]!;
    return new URL(listener === 'gateway' ? ready.baseUrl : ready.sims[listener]).port;
  };
  return code
    .replace(/\b(localhost|127\.0\.0\.1):(3000|4101|4102|4103|4104)\b/g, (_, host: string, usual: string) => `${host}:${port(Number(usual))}`)
    .split(PLACEHOLDER_BASE_URL)
    .join(ready.baseUrl);
}

const shellCode = (code: string) => MAIL_PLACEHOLDERS.reduce((c, p) => c.split(p.text).join(p.shell), code);
// Inside this repository the client is imported from its sources (the README says so).
export const importClientFromSources = (code: string) => code.replace(/from '(@ads-accounts-gateway\/client|\.\/clients\/typescript\/src)'/g, `from '${CLIENT_SRC}'`);

export function parseAnswers(stderr: string): Answer[] {
  return [...stderr.matchAll(/^HTTP (\d{3}) (\S+) (\S+)$/gm)].map((m) => ({ status: Number(m[1]), method: m[2]!, path: new URL(m[3]!).pathname }));
}

function exec(file: string, args: string[], o: { cwd: string; env: NodeJS.ProcessEnv }): Promise<ExampleRun> {
  return new Promise((resolve) => {
    execFile(file, args, { ...o, timeout: 120_000, maxBuffer: 20 * 1024 * 1024 }, (err, stdout, stderr) => {
      const code = err ? (typeof err.code === 'number' ? err.code : 1) : 0;
      resolve({ code, stdout, stderr, answers: parseAnswers(stderr) });
    });
  });
}

export interface RunContext {
  ready: SandboxReady;
  /** A scratch directory of this example (files the example writes land there). */
  dir: string;
  env: Record<string, string>;
  /** Where the sandbox's output is appended, and its size when the example started. */
  sandboxLog: string;
  logFrom: number;
}

export function runExample(name: string, language: ExampleLanguage, code: string, ctx: RunContext): Promise<ExampleRun> {
  const env = { ...process.env, ...ctx.env, SANDBOX_LOG: ctx.sandboxLog, LOG_FROM: String(ctx.logFrom + 1) };
  const local = localize(code, ctx.ready);
  if (language === 'shell') {
    const script = path.join(ctx.dir, `${name}.sh`);
    writeFileSync(script, SHELL_PRELUDE + shellCode(local));
    return exec('bash', [script], { cwd: ctx.dir, env });
  }
  const recorder = path.join(ctx.dir, 'fetch-recorder.mjs');
  writeFileSync(recorder, FETCH_RECORDER);
  const file = path.join(ctx.dir, `${name}.mts`);
  writeFileSync(file, `import '${recorder}';\n${importClientFromSources(local)}\n`);
  return exec(process.execPath, [TSX, file], { cwd: ctx.dir, env });
}

/**
 * An example that is a server (it listens until stopped): started with its port moved to `port`,
 * checked by the caller while it runs, then stopped.
 */
export async function startExampleServer(name: string, code: string, ctx: RunContext & { usualPort: number; port: number }): Promise<{ stop(): Promise<ExampleRun> }> {
  const file = path.join(ctx.dir, `${name}.mts`);
  const moved = localize(code, ctx.ready).replace(`.listen(${ctx.usualPort})`, `.listen(${ctx.port})`);
  if (moved === localize(code, ctx.ready)) throw new Error(`${name} does not listen on ${ctx.usualPort}`);
  writeFileSync(file, importClientFromSources(moved));
  let stdout = '';
  let stderr = '';
  const child = spawn(process.execPath, [TSX, file], { cwd: ctx.dir, env: { ...process.env, ...ctx.env }, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout.on('data', (b: Buffer) => (stdout += b.toString()));
  child.stderr.on('data', (b: Buffer) => (stderr += b.toString()));
  const exited = new Promise<number>((resolve) => child.once('exit', (c) => resolve(c ?? 1)));
  const until = Date.now() + 60_000;
  while (!(await listening(ctx.port))) {
    if (child.exitCode !== null || Date.now() > until) throw new Error(`${name} did not start listening:\n${stdout}${stderr}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
      return { code: 0, stdout, stderr, answers: [] };
    },
  };
}

const listening = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
