/** The MCP component tests' client: the SDK's own Client over Streamable HTTP, with REST's credentials as headers. */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { ACCOUNTS } from '../../simulators/facebook';
import { G } from '../google/fixtures';
import type { World } from '../../world';

export const FB = ACCOUNTS.alice[0]!;
export const FB_BOB = ACCOUNTS.bob[0]!;
export const GG = G.aliceUs;

/** Alice: a Meta and a Google account; bob (same tenant): a Meta account. */
export async function connectUsers(w: World) {
  await w.connect('facebook', { adAccountId: `act_${FB}` });
  const google = await w.consent('google');
  await w.connect('google', { adAccountId: GG, through: google });
  const bob = await w.userFor('bob-ext');
  await w.connect('facebook', { adAccountId: FB_BOB, as: bob, simUser: 'bob' });
  return { bob };
}

const open = new Set<Client>();

/** A connected client sending `headers` on every request (closed by `closeClients`). */
export async function mcpClient(url: string, headers: Record<string, string>): Promise<Client> {
  const client = new Client({ name: 'mcp-component-test', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL('/mcp', url), { requestInit: { headers } }));
  open.add(client);
  return client;
}

export async function closeClients(): Promise<void> {
  await Promise.all([...open].map((c) => c.close()));
  open.clear();
}

/** The JSON part of a tool error: REST's error code, message and status. */
export function toolErrorOf(r: CallToolResult): { code: string; message: string; statusCode: number; confirmToken?: string } {
  expect(r.isError).toBe(true);
  const json = (r.content as Array<{ type: string; text?: string }>).map((c) => c.text ?? '').find((t) => t.startsWith('{'));
  return (JSON.parse(json!) as { error: { code: string; message: string; statusCode: number } }).error;
}

/** A Meta campaign of `account` in the simulator. */
export function metaCampaign(w: World, account: string): string {
  for (const n of w.sims.facebook!.raw.state.store.nodes.values()) if (n.type === 'campaign' && n.acct === account) return n.id;
  throw new Error(`no seeded campaign of ${account}`);
}
