import { ANOTHER_JOB, type CreateClaims } from '../../shared/platforms/core/write-operation';

/**
 * Claims kept in memory for tests that run a write operation without the job pipeline: `held`
 * maps an object id to `jobId\u0000step`; share one map between jobs to see each other's claims.
 * `pendingOthers`: how many other jobs' steps are pending.
 */
export function memoryClaims(jobId: string, held = new Map<string, string>(), pendingOthers = 0): CreateClaims {
  return {
    standing: async (ids) => {
      const holders = new Map<string, string>();
      for (const id of ids) {
        const h = held.get(id);
        if (h !== undefined) holders.set(id, h.startsWith(`${jobId}\u0000`) ? h.slice(jobId.length + 1) : ANOTHER_JOB);
      }
      return { holders, pendingOthers };
    },
    claim: async (step, ids) => {
      if (ids.some((id) => held.has(id) && held.get(id) !== `${jobId}\u0000${step}`)) return false;
      for (const id of ids) held.set(id, `${jobId}\u0000${step}`);
      return true;
    },
  };
}
