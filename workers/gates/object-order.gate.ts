import { RunLaterError } from '../../shared/errors/run-later';
import type { ObjectOrder, OrderedWrite } from '../../shared/domain/jobs/object-order';
import type { Logger } from '../../shared/infra/logger';
import { ADMITTED, type AdmissionGate } from '../admission';

/** How soon a write held behind an earlier one of its object looks again. */
const RECHECK_MS = 200;

export interface ObjectOrderDeps {
  order: Pick<ObjectOrder, 'earlier' | 'drop'>;
  /** Those of the ids whose jobs are still open (JobStore.openOf). */
  openOf(ids: readonly string[]): Promise<string[]>;
  logger: Logger;
}

/** The order a write's queue entry carries (`order`), if it names any object. */
export function orderOf(payload: unknown): OrderedWrite | undefined {
  const o = (payload as { order?: OrderedWrite } | undefined)?.order;
  return o && typeof o.scope === 'string' && Array.isArray(o.objects) && o.objects.length > 0 ? o : undefined;
}

/**
 * Two writes to one platform object run in the order they were accepted: a write is admitted only
 * when no earlier-accepted write of any of its objects is still open. An earlier job whose row has
 * ended (or is gone) no longer holds anything: it is dropped from the order as it is found. A write
 * drops itself once settled (completed, or failed for good); one that will run again keeps its place.
 */
export function objectOrderGate(deps: ObjectOrderDeps): AdmissionGate {
  return {
    name: 'object-order',
    async admit({ jobId, payload }) {
      const order = orderOf(payload);
      if (!order) return ADMITTED;
      const earlier = await deps.order.earlier(jobId, order);
      if (earlier.length > 0) {
        const open = await deps.openOf(earlier);
        const settled = earlier.filter((id) => !open.includes(id));
        await deps.order.drop(settled, order);
        if (open.length > 0) throw new RunLaterError(Date.now() + RECHECK_MS, 'an earlier write to the same object has not settled');
      }
      return {
        release: async (outcome) => {
          if (outcome !== 'completed' && outcome !== 'failed') return;
          await deps.order.drop([jobId], order).catch((err: unknown) => deps.logger.warn({ err, jobId }, 'could not drop the write from its objects\' order'));
        },
      };
    },
  };
}
