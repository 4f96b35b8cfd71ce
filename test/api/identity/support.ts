import jwt from 'jsonwebtoken';
import { z } from 'zod';
import { defineRoute, type RouteSpec } from '../../../api/routes/route';
import type { TestApp } from '../../helpers/test-app';
import { readFileSync } from 'node:fs';
import { leakedSecrets, trackedSecrets } from '../../helpers/identity';

export const bearer = (t: string) => ({ authorization: `Bearer ${t}` });
export const key = (k: string) => ({ 'x-api-key': k });

/** What a whoami answers: the auth context the request was given (and the body it sent). */
const WhoamiDto = z.object({ auth: z.record(z.unknown()), body: z.unknown().optional() });

/** Test-only endpoints that answer with the auth context, one per surface. */
export const whoamiRoutes: RouteSpec[] = [
  defineRoute({
    method: 'post',
    path: '/api/v1/__test/whoami',
    operationId: 'testWhoamiPost',
    summary: 'whoami (external)',
    tags: ['Test'],
    auth: 'external',
    body: z.object({ note: z.string().optional() }).strict().optional(),
    response: { schema: WhoamiDto },
    handler: async ({ auth, body }) => ({ data: { auth, body: body ?? null } }),
  }),
  defineRoute({
    method: 'get',
    path: '/api/v1/__test/whoami',
    operationId: 'testWhoami',
    summary: 'whoami (external)',
    tags: ['Test'],
    auth: 'external',
    response: { schema: WhoamiDto },
    handler: async ({ auth }) => ({ data: { auth } }),
  }),
  defineRoute({
    method: 'get',
    path: '/api/v1/{teamId}/__test/whoami',
    operationId: 'testTeamWhoami',
    summary: 'whoami (team)',
    tags: ['Test'],
    auth: 'team',
    response: { schema: WhoamiDto },
    handler: async ({ auth }) => ({ data: { auth } }),
  }),
];

/** Signs a token with the app's real secret (for expired / wrong-kind cases), or with another secret. */
export function forge(app: TestApp, claims: Record<string, unknown>, opts: { secret?: string; expiresIn?: number } = {}): string {
  return jwt.sign(claims, opts.secret ?? app.config.JWT_SECRET, {
    algorithm: 'HS256',
    issuer: 'ads-gateway',
    jwtid: '00000000-0000-4000-8000-000000000000',
    ...(claims.exp === undefined ? { expiresIn: opts.expiresIn ?? 600 } : {}),
  });
}

const closed = new WeakSet<TestApp>();

/** afterAll: closes whatever the leak check did not already close. */
export async function closeAll(apps: (TestApp | undefined)[]): Promise<void> {
  for (const a of apps) {
    if (a && !closed.has(a)) {
      closed.add(a);
      await a.close();
    }
  }
}

/** Closes the apps (flushing their pino streams) and asserts no tracked secret reached their logs. */
export async function closeAndExpectNoLeaks(apps: TestApp[]): Promise<void> {
  await closeAll(apps);
  for (const a of apps) expect(readFileSync(a.logFile, 'utf8')).toContain('"msg":"request"');
  expect(trackedSecrets().length).toBeGreaterThan(0);
  expect(leakedSecrets(apps.map((a) => a.logFile))).toEqual([]);
}
