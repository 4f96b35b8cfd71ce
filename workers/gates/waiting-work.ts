import type { Queue } from 'bullmq';
import type { TenantDemand } from '../../shared/domain/jobs/tenant-demand';

/** How long one look at the queue serves every admission of the process. */
const CACHE_MS = 100;

type Look = { waiting: number; recent: string[] };

/**
 * Whether work other than a tenant's waits for the queue: jobs are waiting in it, and a tenant other
 * than this one had a write accepted (or put back for its share) in the last moments. One look (two
 * Redis reads) is kept for 100 ms and shared by every admission of the process.
 */
export function othersWaiting(queue: Pick<Queue, 'getJobCountByTypes'>, demand: Pick<TenantDemand, 'recent'>): (tenantId: string) => Promise<boolean> {
  let look: { at: number; value: Promise<Look> } | undefined;
  const current = (): Promise<Look> => {
    const now = Date.now();
    if (!look || now - look.at > CACHE_MS) {
      // The share is about fairness, not safety: when Redis cannot tell, nobody is held back.
      const value = Promise.all([queue.getJobCountByTypes('wait', 'prioritized'), demand.recent()])
        .then(([waiting, recent]) => ({ waiting, recent }))
        .catch(() => ({ waiting: 0, recent: [] }));
      look = { at: now, value };
    }
    return look.value;
  };
  return async (tenantId) => {
    const { waiting, recent } = await current();
    return waiting > 0 && recent.some((t) => t !== tenantId);
  };
}
