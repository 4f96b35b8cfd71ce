import { isAppError } from '../../../shared/errors/app-error';
import type { CreateClaimStore } from '../../../shared/domain/jobs/create-claims';
import { DeferredClaims, flushingCaller, flushingCheckpoints } from '../../../shared/domain/jobs/deferred-claims';
import type { PlatformCaller } from '../../../shared/platforms/core/caller';
import type { Checkpoints } from '../../../shared/platforms/core/write-operation';

/** What the run did, in order: the claims it took and the writes it made. */
function world(refuse: string[] = []) {
  const done: string[] = [];
  const store = {
    tenantId: 't',
    platform: 'facebook',
    jobId: 'j',
    claim: async (step: string, ids: string[]) => {
      done.push(`claim ${step} ${ids.join(',')}`);
      return !ids.some((id) => refuse.includes(id));
    },
    standing: async () => ({ holders: new Map<string, string>(), pendingOthers: 0 }),
  } as unknown as CreateClaimStore;
  const claims = new DeferredClaims(store);
  const caller = flushingCaller(
    { ref: {} as PlatformCaller['ref'], app: async () => ({}) as never, forAccount: () => caller, request: async (r: { method: string; path?: string }) => void done.push(`${r.method} ${r.path}`) } as unknown as PlatformCaller,
    claims,
  );
  const checkpoints = flushingCheckpoints({ get: async () => undefined, set: async (step: string) => void done.push(`checkpoint ${step}`), later: () => undefined } as Checkpoints, claims);
  return { done, claims, caller, checkpoints };
}

describe('a create claim taken with the run’s next write', () => {
  it('the last create of an operation is claimed by the completion, nothing before', async () => {
    const { done, claims } = world();
    claims.later('campaign', ['1', '1']);
    expect(done).toEqual([]);
    expect(await claims.forCompletion()).toEqual({ tenantId: 't', platform: 'facebook', jobId: 'j', step: 'campaign', objectIds: ['1'] });
    expect(done).toEqual([]);
  });

  it('a platform write or a checkpoint after a create takes its claim first; reads do not', async () => {
    const { done, claims, caller, checkpoints } = world();
    claims.later('creative', ['1']);
    await caller.request({ method: 'GET', path: '/read' } as never);
    await caller.request({ method: 'POST', path: '/ads' } as never);
    claims.later('ad', ['2']);
    await checkpoints.set('next', {});
    expect(done).toEqual(['GET /read', 'claim creative 1', 'POST /ads', 'claim ad 2', 'checkpoint next']);
    expect(await claims.forCompletion()).toBeUndefined();
  });

  it('a refused claim stops the write after it and every later one with CREATE_UNCONFIRMED', async () => {
    const { done, claims, caller } = world(['1']);
    claims.later('campaign', ['1']);
    const err = await caller.request({ method: 'POST', path: '/adsets' } as never).catch((e: unknown) => e);
    expect(isAppError(err) && err.code).toBe('CREATE_UNCONFIRMED');
    await expect(claims.flush()).rejects.toMatchObject({ code: 'CREATE_UNCONFIRMED' });
    expect(done).toEqual(['claim campaign 1']);
  });

  it('earlier pending claims are taken before the completion takes the last', async () => {
    const { done, claims } = world();
    claims.later('a', ['1']);
    claims.later('b', ['2']);
    expect((await claims.forCompletion())?.step).toBe('b');
    expect(done).toEqual(['claim a 1']);
  });
});
