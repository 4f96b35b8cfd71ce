import { z } from '../../../shared/infra/zod-openapi';
import { withTimeout } from '../../../shared/infra/redis';
import { AppError } from '../../../shared/errors/app-error';
import { defineRoute, type RouteSpec } from '../route';

const Check = z.object({ status: z.enum(['ok', 'down']), error: z.string().optional() });

async function check(p: () => Promise<unknown>, what: string) {
  try {
    await withTimeout(p(), 1500, what);
    return { status: 'ok' as const };
  } catch (e) {
    return { status: 'down' as const, error: e instanceof Error ? e.message.slice(0, 200) : 'unreachable' };
  }
}

export const healthRoutes: RouteSpec[] = [
  defineRoute({
    method: 'get',
    path: '/healthz',
    operationId: 'healthz',
    summary: 'Check that the process is up',
    message: 'Process is up',
    tags: ['Operations'],
    auth: 'none',
    response: { schema: z.object({ status: z.literal('ok'), uptimeSeconds: z.number() }) },
    handler: async () => ({ data: { status: 'ok', uptimeSeconds: Math.round(process.uptime()) }, message: 'OK' }),
  }),
  defineRoute({
    method: 'get',
    path: '/readyz',
    operationId: 'readyz',
    summary: 'Check that PostgreSQL and Redis are reachable',
    tags: ['Operations'],
    auth: 'none',
    errors: [503],
    response: { schema: z.object({ status: z.enum(['ready', 'not_ready']), checks: z.object({ postgres: Check, redis: Check }) }) },
    handler: async ({ deps }) => {
      const [postgres, redis] = await Promise.all([
        check(() => deps.orm.em.getConnection().execute('select 1'), 'postgres'),
        check(() => deps.redis.ping(), 'redis'),
      ]);
      const ready = postgres.status === 'ok' && redis.status === 'ok';
      if (!ready) throw new AppError('NOT_READY', 'Not ready', { details: [{ postgres, redis }] });
      return { data: { status: 'ready', checks: { postgres, redis } }, message: 'Ready' };
    },
  }),
];
