import type { Logger } from '../../infra/logger';
import { GuardrailsSchema, type Guardrails } from './guardrails';

/** Each tenant's guardrails, kept in process with its other write settings (jobs/tenant-settings.ts). */
export interface TenantGuardrails {
  of(tenantId: string): Promise<Guardrails>;
}

/**
 * The guardrails of a tenant's stored settings value. Settings are validated when saved; a value
 * that no longer parses is read as no guardrails, loudly.
 */
export function storedGuardrails(logger: Logger): (stored: unknown, tenantId: string) => Guardrails {
  return (stored, tenantId) => {
    const parsed = GuardrailsSchema.safeParse(stored ?? {});
    if (parsed.success) return parsed.data;
    logger.error({ tenantId }, 'stored guardrails do not parse; none applied');
    return {};
  };
}
