import type { Request } from 'express';
import { OpenAPIRegistry, OpenApiGeneratorV31 } from '@asteasolutions/zod-to-openapi';
import type { ZodTypeAny, AnyZodObject } from 'zod';
import { z } from '../../../shared/infra/zod-openapi';
import { AppError } from '../../../shared/errors/app-error';
import { parsePart } from '../../middleware/validate';
import { defineRoute, type HandlerContext, type RouteResult, type RouteSpec } from '../route';
import { META_POST_READS } from '../../../shared/platforms/facebook/scopes';
import { TAGS } from './schemas';
import { runMiddleware } from '../../middleware/run-middleware';

export type OperationKind = 'read' | 'write' | 'import';

export function kindOf(spec: RouteSpec): OperationKind {
  if (spec.operationId === 'facebookImportAdAccount') return 'import';
  return spec.method === 'get' || META_POST_READS.has(spec.operationId) ? 'read' : 'write';
}

/** Path parameters and the query (GET) or body (POST) as one input document. */
function inputSchema(spec: RouteSpec): ZodTypeAny {
  const part = (spec.method === 'get' ? spec.query : spec.body) ?? z.object({});
  return spec.params ? z.intersection(spec.params, part) : part;
}

export const OperationDto = z
  .object({
    operation: z.string().openapi({ example: 'facebookListCampaigns' }),
    method: z.enum(['GET', 'POST', 'PATCH']),
    path: z.string(),
    summary: z.string(),
    kind: z.enum(['read', 'write', 'import']).openapi({ description: 'write and import operations run as jobs (200 or 202)' }),
    input: z.record(z.unknown()).openapi({ description: 'JSON Schema of `params` (path parameters plus query or body fields)' }),
  })
  .openapi('FacebookOperationDto');

export const FindOperationsDto = z
  .object({
    operations: z.array(OperationDto),
    components: z.record(z.unknown()).openapi({ description: 'Named schemas the inputs refer to (`#/components/schemas/…`)' }),
  })
  .openapi('FindOperationsDto');

export const ExecuteOperationDto = z
  .object({
    operation: z.string().min(1).max(100).openapi({ description: 'An `operation` from GET /api/v1/facebook/operations' }),
    params: z.record(z.unknown()).default({}).openapi({ description: 'Path parameters plus query (reads) or body (writes) fields, including adAccountId' }),
  })
  .strict()
  .openapi('ExecuteOperationDto');

function buildCatalog(ops: RouteSpec[]) {
  const registry = new OpenAPIRegistry();
  for (const op of ops) registry.register(`${op.operationId}Input`, inputSchema(op));
  const schemas = (new OpenApiGeneratorV31(registry.definitions).generateComponents().components?.schemas ?? {}) as Record<string, unknown>;
  const operations = ops.map((op) => ({
    operation: op.operationId,
    method: op.method.toUpperCase() as 'GET' | 'POST' | 'PATCH',
    path: op.path,
    summary: op.summary,
    kind: kindOf(op),
    input: schemas[`${op.operationId}Input`] as Record<string, unknown>,
  }));
  const components = Object.fromEntries(Object.entries(schemas).filter(([k]) => !k.endsWith('Input')));
  return { operations, components: { schemas: components } };
}


/** GET parts arrive as strings on the wire; accept JSON booleans for them too. */
const asQuery = (v: Record<string, unknown>) => Object.fromEntries(Object.entries(v).map(([k, x]) => [k, typeof x === 'boolean' ? String(x) : x]));

/**
 * The catalog and `execute` over this surface's own routes: one operation per route, executed through
 * the same validation, ad-account guard and handler (reads direct, writes as jobs).
 */
export function operationsRoutes(allRoutes: () => RouteSpec[]): RouteSpec[] {
  // Older URL forms left out of the document are left out of the catalog too.
  const surface = () => allRoutes().filter((s) => !s.hidden);
  let catalog: ReturnType<typeof buildCatalog> | undefined;
  const byId = () => new Map(surface().map((s) => [s.operationId, s]));

  const list = defineRoute({
    method: 'get',
    path: '/api/v1/facebook/operations',
    operationId: 'facebookListOperations',
    summary: 'List the Meta operations',
    message: 'Operations fetched',
    description: 'Every operation of the Meta surface with the JSON Schema of its input (from the same zod schemas the routes validate with).',
    tags: TAGS,
    auth: 'external',
    response: { schema: FindOperationsDto },
    handler: async () => ({ data: (catalog ??= buildCatalog(surface())) }),
  });

  const execute = defineRoute({
    method: 'post',
    path: '/api/v1/facebook/operations/execute',
    operationId: 'facebookExecuteOperation',
    job: 'write',
    // Reads run directly and answer 200 without a job; only writes start one.
    answersWithoutJob: true,
    summary: 'Run a Meta operation by name',
    message: 'Operation executed',
    description: 'Runs one operation by name with `params`, through the same validation, ownership guard and job pipeline as its route.',
    tags: TAGS,
    auth: 'external',
    body: ExecuteOperationDto,
    response: {
      /** The `data` of whichever operation ran: any answer of the surface (read when the document is built). */
      get schema(): ZodTypeAny {
        const own = new Set(['facebookListOperations', 'facebookExecuteOperation']);
        const answers = [...new Set(surface().flatMap((s) => (own.has(s.operationId) || !s.response?.schema ? [] : [s.response.schema])))];
        return answers.length >= 2 ? z.union(answers as [ZodTypeAny, ZodTypeAny, ...ZodTypeAny[]]) : (answers[0] ?? z.null());
      },
      description: 'The answer of the operation executed (see its own route)',
    },
    errors: [403, 404, 409, 422, 502, 504],
    handler: async (ctx): Promise<RouteResult> => {
      const spec = byId().get(ctx.body.operation);
      if (!spec) {
        throw new AppError('NOT_FOUND', `Unknown operation ${ctx.body.operation}`, {
          details: [{ path: 'body.operation', message: 'not an operation of GET /api/v1/facebook/operations' }],
        });
      }
      const input = { ...ctx.body.params };
      const pathKeys = spec.params ? Object.keys((spec.params as AnyZodObject).shape) : [];
      const pathIn = Object.fromEntries(pathKeys.filter((k) => k in input).map((k) => [k, input[k]]));
      for (const k of pathKeys) delete input[k];
      const params = spec.params ? parsePart('params', spec.params, pathIn) : {};
      const query = spec.method === 'get' && spec.query ? parsePart('query', spec.query, asQuery(input)) : {};
      const body = spec.method !== 'get' && spec.body ? parsePart('body', spec.body, input) : undefined;
      (ctx.req as Request & { valid?: unknown }).valid = { params, query, body };
      // The scope check in the guard judges the inner operation, not `execute`.
      ctx.req.ctx.operationId = spec.operationId;
      ctx.req.ctx.operationMethod = spec.method;
      for (const mw of spec.before ?? []) await runMiddleware(mw, ctx.req, ctx.res);
      const inner = { ...ctx, params, query, body } as unknown as HandlerContext<AnyZodObject, AnyZodObject, ZodTypeAny>;
      const result = await spec.handler(inner as never);
      if ('handled' in result) return result;
      return { ...result, message: result.message ?? spec.message ?? spec.summary };
    },
  });
  return [list, execute];
}
