import { z } from '../../shared/infra/zod-openapi';

const PlannedRequestDto = z
  .object({
    method: z.string().openapi({ example: 'POST' }),
    path: z.string().openapi({ description: 'Below the platform’s versioned API base', example: 'act_100000000000001/campaigns' }),
    query: z.unknown().optional(),
    body: z.unknown().optional().openapi({ description: 'As the gateway would send it, secrets removed; `{{created:N}}` stands for the id of the object the N-th request would create' }),
    validated: z.boolean().openapi({ description: 'The platform checked this request in its validate-only mode and accepted it' }),
  })
  .openapi('PlannedPlatformRequestDto');

/** The `data` of a write route's answer to `dryRun=true`. */
export const WriteDryRunDto = z
  .object({
    valid: z.literal(true),
    platformValidated: z.boolean().openapi({ description: 'Every request was checked by the platform’s own validate-only mode (Meta `validate_only`, Google `validateOnly`); false where the platform has none for it' }),
    request: PlannedRequestDto.nullable().openapi({ description: 'The request the write is named for (the last one it sends)' }),
    requests: z.array(PlannedRequestDto).openapi({ description: 'Every request the write would send, in order' }),
    warnings: z.array(z.string()),
    confirmation: z
      .object({
        required: z.array(z.string()).openapi({ description: 'The tenant’s confirmations the write needs: `activate`, `budgetIncrease`, `create`' }),
        confirmToken: z.string().optional().openapi({ description: 'Send the real request (without `dryRun`) with `Confirm: <confirmToken>` within 10 minutes' }),
      })
      .openapi({ description: 'What the real write needs before it runs' }),
  })
  .openapi('WriteDryRunDto');

/** The whole 200 envelope of a dry run: no job was created, so it names none. */
export const WriteDryRunEnvelope = z
  .object({
    success: z.literal(true),
    message: z.string().openapi({ example: 'Dry run: nothing was sent that changes anything' }),
    timestamp: z.string().datetime(),
    statusCode: z.literal(200),
    data: WriteDryRunDto,
  })
  .openapi('WriteDryRunResponse');
