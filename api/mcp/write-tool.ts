import type { AnyZodObject, ZodEnum } from 'zod';
import { z } from '../../shared/infra/zod-openapi';
import type { DryRunAnswer } from '../../shared/domain/safe-writes/safe-writes.service';
import { WriteDryRunDto } from '../routes/dry-run.schemas';
import { callRoute, routeOf, type RouteInput, type ToolCall } from './route-call';
import type { ToolAnswer } from './tool-kit';

/** The argument every write tool takes: without it the call is a dry run, with the dry run's token it runs. */
export const Confirm = z
  .string()
  .min(1)
  .max(2000)
  .optional()
  .describe('Leave out to preview the write (nothing changes) and get a confirmToken; send the same arguments again with confirm = that token to run it (within 10 minutes)');

/** What every write tool answers: a preview with its token, or the job's outcome (or its id, when it outlasts the wait). */
export const WriteToolResult = z.object({
  dryRun: z.boolean().describe('true: nothing was changed; send again with confirm = confirmToken to run'),
  message: z.string(),
  confirmToken: z.string().optional(),
  preview: WriteDryRunDto.optional().describe('What the write would send, and what the guardrails say'),
  jobId: z.string().optional(),
  state: z.enum(['completed', 'pending']).optional().describe('pending: the job outlasted the wait; follow it with get_job'),
  result: z.unknown().optional(),
});
export type WriteToolResult = z.infer<typeof WriteToolResult>;

/** The values a route's body takes in `field` (a platform's own status values), from the route's own schema. */
export function bodyEnum(operationId: string, field: string): readonly string[] {
  const body = routeOf(operationId).body as AnyZodObject | undefined;
  return (body?.shape[field] as ZodEnum<[string, ...string[]]> | undefined)?.options ?? [];
}

/**
 * Runs a write route as this tool: without `confirm` a dry run whose token is bound to the tool and
 * its arguments; with it the write itself, guarded, confirmed, audited and run as a job exactly as
 * over REST (api/routes/guarded-route.ts `submitWrite` takes the surface and binding from here).
 */
export async function runWriteRoute(
  call: ToolCall,
  tool: string,
  args: Record<string, unknown> & { confirm?: string },
  operationId: string,
  input: RouteInput,
): Promise<ToolAnswer<WriteToolResult>> {
  const { confirm, ...bound } = args;
  const dryRun = confirm === undefined;
  const result = await callRoute(call, operationId, input, {
    surface: 'mcp',
    request: { method: 'POST', path: `mcp:${tool}`, query: {}, body: bound },
    dryRun,
    confirmToken: confirm,
    alwaysConfirm: true,
  });
  if (dryRun) {
    const preview = result.data as DryRunAnswer;
    const token = preview.confirmation.confirmToken;
    return { outcome: 'dry_run', summary: `Dry run: nothing changed. ${token ? 'Call again with confirm = confirmToken to run it.' : ''}`.trim(), data: { dryRun: true, message: result.message ?? '', confirmToken: token, preview } };
  }
  const jobId = result.job?.id;
  if (result.status === 202) {
    return { summary: `Job ${jobId} is still running: follow it with get_job`, data: { dryRun: false, message: result.message ?? '', jobId, state: 'pending' } };
  }
  return { summary: `${result.message ?? 'Done'} (job ${jobId})`, data: { dryRun: false, message: result.message ?? '', jobId, state: 'completed', result: result.data } };
}
