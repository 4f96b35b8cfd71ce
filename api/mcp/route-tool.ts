import type { AnyZodObject, ZodRawShape, ZodTypeAny } from 'zod';
import { z } from '../../shared/infra/zod-openapi';
import type { RouteSpec } from '../routes/route';
import { callRoute, routeOf, type RouteInput, type ToolCall } from './route-call';
import { defineTool, type ToolHints, type ToolSpec } from './tool-kit';

/** Credentials a REST route takes in its query or body; a tool call is authenticated by its HTTP request instead. */
const CREDENTIAL_KEYS = ['token', 'externalUserId'];

/** An object schema's fields, through the refinements a body may carry (their rules still apply when the route validates). */
export function shapeOf(schema: ZodTypeAny | undefined): ZodRawShape {
  if (schema instanceof z.ZodEffects) return shapeOf((schema as z.ZodEffects<ZodTypeAny>).innerType());
  return schema instanceof z.ZodObject ? (schema as AnyZodObject).shape : {};
}

/** The route's own schemas, without credential fields or `dryRun` (a write tool's confirm flow stands for it). */
export function routeArgs(spec: RouteSpec, drop: readonly string[] = []): AnyZodObject {
  const shape: ZodRawShape = { ...shapeOf(spec.params), ...shapeOf(spec.query), ...shapeOf(spec.body) };
  for (const k of [...CREDENTIAL_KEYS, 'dryRun', ...drop]) delete shape[k];
  return z.object(shape).strict();
}

/** Tool arguments back into the route's parts: path parameters by name, the rest into the query (GET) or the body. */
export function routeInputOf(spec: RouteSpec, args: Record<string, unknown>): RouteInput {
  const paramKeys = new Set(Object.keys(shapeOf(spec.params)));
  const queryKeys = new Set(Object.keys(shapeOf(spec.query)));
  const params: Record<string, unknown> = {};
  const query: Record<string, unknown> = {};
  const body: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(args)) {
    if (v === undefined) continue;
    if (paramKeys.has(k)) params[k] = v;
    else if (spec.method === 'get' || queryKeys.has(k)) query[k] = v;
    else body[k] = v;
  }
  return { params, query, body: spec.body ? body : undefined };
}

/** "3 rows": a count for a tool's summary line. */
export const count = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;
/** How many items the answer's array `key` holds. */
export const rows = (d: Record<string, unknown>, key: string) => (Array.isArray(d[key]) ? (d[key] as unknown[]).length : 0);

/** A read tool that is one REST route: its arguments are the route's parameters, its result the route's `data`. */
export function routeReadTool(o: {
  name: string;
  title: string;
  description: string;
  operationId: string;
  annotations?: Partial<ToolHints>;
  summary: (data: Record<string, unknown>) => string;
}): ToolSpec {
  const spec = routeOf(o.operationId);
  const output = spec.response?.schema;
  if (!(output instanceof z.ZodObject)) throw new Error(`${o.operationId} has no object answer to be a tool's output`);
  // The tool's input schema is the route's fields; a refinement over a whole part would be lost.
  if (![spec.params, spec.query, spec.body].every((s) => s === undefined || s instanceof z.ZodObject)) throw new Error(`${o.operationId} refines a whole part`);
  return defineTool({
    name: o.name,
    title: o.title,
    description: o.description,
    input: routeArgs(spec),
    output: output as AnyZodObject,
    annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: true, ...o.annotations },
    run: async (args: Record<string, unknown>, call: ToolCall) => {
      const result = await callRoute(call, o.operationId, { ...routeInputOf(spec, args), parsed: true });
      const data = result.data as Record<string, unknown>;
      return { data, summary: o.summary(data) };
    },
  });
}
