import { RunLaterError } from '../../shared/errors/run-later';
import type { Logger } from '../../shared/infra/logger';
import type { AdmissionGate } from '../admission';

/** A bounced run comes back after this long, spread so bounced jobs do not return in step. */
const BOUNCE_MS = { min: 100, max: 250 };

/**
 * Whether a tenant over its share is put back: only while other work waits. A tenant under its share
 * is always admitted, and so is one over it when nobody else waits (it may use every slot).
 */
export function overShare(s: { active: number; share: number; othersWaiting: boolean }): boolean {
  return s.active >= s.share && s.othersWaiting;
}

export interface TenantShareDeps {
  /** TENANT_MAX_ACTIVE_WRITES: the runs one tenant may hold in this process while others wait. */
  share: number;
  /** Whether work other than `tenantId`'s is waiting for this queue (cheap: cached by the caller). */
  othersWaiting(tenantId: string): Promise<boolean>;
  /** Called when a run is put back: the tenant still has work waiting. */
  onBounce?(tenantId: string): void;
  logger: Logger;
}

/**
 * Holds one tenant to `share` of this worker process's active runs of the queue while other work
 * waits, so a tenant with a burst of writes cannot take every slot from the others. Its state is the
 * process's own count of admitted runs per tenant.
 */
export function tenantShareGate(deps: TenantShareDeps): AdmissionGate & { active(tenantId: string): number } {
  const active = new Map<string, number>();
  const release = (tenantId: string) => {
    const n = (active.get(tenantId) ?? 1) - 1;
    if (n > 0) active.set(tenantId, n);
    else active.delete(tenantId);
  };
  return {
    name: 'tenant-share',
    active: (tenantId) => active.get(tenantId) ?? 0,
    async admit({ payload }) {
      const tenantId = (payload as { tenantId?: unknown } | undefined)?.tenantId;
      if (typeof tenantId !== 'string') return { release: async () => undefined };
      const held = () => active.get(tenantId) ?? 0;
      if (held() >= deps.share) {
        const othersWaiting = await deps.othersWaiting(tenantId);
        if (overShare({ active: held(), share: deps.share, othersWaiting })) {
          deps.onBounce?.(tenantId);
          throw new RunLaterError(Date.now() + BOUNCE_MS.min + Math.floor(Math.random() * (BOUNCE_MS.max - BOUNCE_MS.min)), 'the tenant holds its share of the workers while others wait');
        }
      }
      active.set(tenantId, held() + 1);
      let released = false;
      return {
        release: async () => {
          if (released) return;
          released = true;
          release(tenantId);
        },
      };
    },
  };
}
