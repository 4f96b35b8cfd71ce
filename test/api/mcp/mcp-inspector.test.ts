/**
 * The MCP Inspector's own command line (`@modelcontextprotocol/inspector --cli`, an independent
 * client) lists the tools of POST /mcp with a Bearer header, as docs/mcp.md tells a tenant to do.
 * It needs Node 22, so it and that Node are a package of their own in .ci/inspector (installed by
 * .ci/run; installed here from its lockfile when missing, the npm registry being the only network).
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { useWorld } from '../../world';
import { FB_ENV } from '../facebook/fixtures';
import { MCP_TOOLS } from '../../../api/mcp/server';
import { connectUsers } from './support';

const run = promisify(execFile);
const DIR = path.resolve(__dirname, '../../../.ci/inspector');
const NODE22 = path.join(DIR, 'node_modules/node/bin/node');
const CLI = path.join(DIR, 'node_modules/@modelcontextprotocol/inspector/clients/launcher/build/index.js');

const w = useWorld({ platforms: ['facebook', 'google'], env: FB_ENV }, connectUsers);
let home: string;

beforeAll(async () => {
  if (!existsSync(NODE22) || !existsSync(CLI)) await run('npm', ['ci', '--no-audit', '--no-fund'], { cwd: DIR, timeout: 480_000 });
  home = mkdtempSync(path.join(tmpdir(), 'mcp-inspector-'));
}, 500_000);
afterAll(() => rmSync(home, { recursive: true, force: true }));

/** One Inspector CLI run against the world's /mcp; its catalog and home are a temporary directory, so nothing of the machine's is read. */
async function inspector(args: string[]) {
  const env = { PATH: process.env.PATH ?? '', HOME: home, MCP_CATALOG_PATH: path.join(home, 'mcp.json'), NO_COLOR: '1', CI: 'true' };
  return run(NODE22, [CLI, '--cli', `${w.url}/mcp`, '--transport', 'http', ...args], { env, timeout: 60_000, maxBuffer: 16 * 1024 * 1024 });
}

describe('the MCP Inspector CLI', () => {
  it('runs on the Node 22 of .ci/inspector', async () => {
    expect((await run(NODE22, ['--version'])).stdout.trim()).toMatch(/^v22\./);
  });

  it('lists every tool with a Bearer access token', async () => {
    const { stdout } = await inspector(['--method', 'tools/list', '--header', `Authorization: Bearer ${w.user.token}`]);
    const listed = (JSON.parse(stdout) as { tools: Array<{ name: string; annotations?: Record<string, unknown> }> }).tools;
    expect(listed.map((t) => t.name).sort()).toEqual(MCP_TOOLS.map((t) => t.name).sort());
    expect(listed.find((t) => t.name === 'update_status')!.annotations).toEqual(expect.objectContaining({ destructiveHint: true, readOnlyHint: false }));
  }, 90_000);

  it('without a credential the Inspector meets the 401 challenge (it would start OAuth) and lists nothing', async () => {
    const failed = await inspector(['--method', 'tools/list']).then(
      () => undefined,
      (e: { code: number; stdout: string; stderr: string }) => e,
    );
    expect(failed?.code).not.toBe(0);
    const out = `${failed?.stdout ?? ''}${failed?.stderr ?? ''}`;
    expect(out).toContain('auth_required');
    expect(out).not.toContain('list_ad_accounts');
  }, 90_000);
});
