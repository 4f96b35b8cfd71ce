import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { RequestHandlerExtra } from '@modelcontextprotocol/sdk/shared/protocol.js';
import type { CallToolResult, ServerNotification, ServerRequest, ToolAnnotations } from '@modelcontextprotocol/sdk/types.js';
import type { AnyZodObject, z } from 'zod';
import { AppError, isAppError } from '../../shared/errors/app-error';
import { statusForCode } from '../http/error-to-http';
import type { ToolCall } from './route-call';

/** Every hint set, so no client falls back on the protocol's defaults (which assume a destructive, open-world tool). */
export type ToolHints = Required<Pick<ToolAnnotations, 'readOnlyHint' | 'destructiveHint' | 'idempotentHint' | 'openWorldHint'>>;

/** What a tool answers: the structured result (its output schema's shape) and one line for the model to read. */
export interface ToolAnswer<O> {
  data: O;
  summary: string;
  /** `dry_run` for a write that only previewed; the outcome label of the tool's metric. */
  outcome?: string;
}

export interface ToolSpec<I extends AnyZodObject = AnyZodObject, O extends AnyZodObject = AnyZodObject> {
  name: string;
  title: string;
  description: string;
  input: I;
  output: O;
  annotations: ToolHints;
  run(args: z.infer<I>, call: ToolCall): Promise<ToolAnswer<z.infer<O>>>;
}

/** Identity function that keeps a tool's argument and result types for its `run`. */
export const defineTool = <I extends AnyZodObject, O extends AnyZodObject>(spec: ToolSpec<I, O>): ToolSpec => spec as unknown as ToolSpec;

/**
 * The REST error answer as a tool error: the same code, message and details (and the status REST
 * would have used), in a line the model reads and a JSON part a program parses.
 */
export function toolError(err: AppError, requestId: string): CallToolResult {
  const error = { code: err.code, message: err.message, statusCode: statusForCode(err.code), details: err.details, requestId, ...(err.confirmToken ? { confirmToken: err.confirmToken } : {}) };
  return {
    isError: true,
    content: [
      { type: 'text', text: `${err.code}: ${err.message}` },
      { type: 'text', text: JSON.stringify({ error }) },
    ],
  };
}

async function answer(spec: ToolSpec, args: unknown, call: ToolCall): Promise<{ result: CallToolResult; outcome: string }> {
  try {
    const a = await spec.run(args as never, call);
    const data = a.data as Record<string, unknown>;
    return { outcome: a.outcome ?? 'ok', result: { structuredContent: data, content: [{ type: 'text', text: a.summary }] } };
  } catch (e) {
    if (isAppError(e)) return { outcome: e.code, result: toolError(e, call.req.ctx.requestId) };
    call.req.ctx.log.error({ err: e, tool: spec.name }, 'mcp tool failed');
    return { outcome: 'INTERNAL', result: toolError(new AppError('INTERNAL', 'Internal server error'), call.req.ctx.requestId) };
  }
}

/**
 * The tool call's request, handed by the transport to the tool as `authInfo.extra` (the SDK's
 * channel for what the HTTP layer authenticated), so one registered server serves request after request.
 */
const callOf = (extra: RequestHandlerExtra<ServerRequest, ServerNotification>): ToolCall => {
  const call = extra.authInfo?.extra?.call as ToolCall | undefined;
  if (!call) throw new AppError('INTERNAL', 'MCP tool called without its request');
  return call;
};

/** Registers a tool; each call is timed per tool and outcome. */
export function register(server: McpServer, spec: ToolSpec): void {
  // The SDK's generic signature is too deep for the compiler with these schemas; the shapes are checked by ToolSpec.
  const registerTool = server.registerTool.bind(server) as unknown as (
    name: string,
    config: object,
    cb: (args: unknown, extra: RequestHandlerExtra<ServerRequest, ServerNotification>) => Promise<CallToolResult>,
  ) => void;
  registerTool(
    spec.name,
    { title: spec.title, description: spec.description, inputSchema: spec.input, outputSchema: spec.output, annotations: { title: spec.title, ...spec.annotations } },
    async (args: unknown, extra) => {
      const call = callOf(extra);
      const started = process.hrtime.bigint();
      const { result, outcome } = await answer(spec, args, call);
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      call.deps.metrics?.mcpToolCalls.observe({ tool: spec.name, outcome }, seconds);
      // The request line is logged as for REST; a tool call adds a line only when it did not succeed (or at debug).
      const log = call.req.ctx.log;
      if (outcome !== 'ok' && outcome !== 'dry_run') log.info({ tool: spec.name, outcome, ms: seconds * 1000 }, 'mcp tool call refused');
      else if (log.isLevelEnabled('debug')) log.debug({ tool: spec.name, outcome, ms: seconds * 1000 }, 'mcp tool call');
      return result;
    },
  );
}
