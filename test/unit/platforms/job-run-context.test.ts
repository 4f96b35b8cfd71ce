import { currentLogContext, withLogContext } from '../../../shared/infra/log-context';
import { currentJobRun, withJobRun } from '../../../shared/platforms/core/job-run-context';

describe('a job run inside its log context', () => {
  it('marks the run for the length of the operation only, and keeps its log ids', async () => {
    const seen: unknown[] = [];
    await withLogContext({ jobId: 'j1', tenantId: 't1' }, async () => {
      seen.push(currentJobRun());
      await withJobRun('j1', async () => {
        await Promise.resolve();
        seen.push({ ...currentJobRun() }, currentLogContext());
      });
      seen.push(currentJobRun(), currentLogContext());
    });
    expect(seen).toEqual([undefined, { jobId: 'j1' }, { jobId: 'j1', tenantId: 't1' }, undefined, { jobId: 'j1', tenantId: 't1' }]);
  });

  it('drops the mark when the operation fails', async () => {
    let after: unknown = 'unset';
    await withLogContext({ jobId: 'j2' }, async () => {
      await expect(withJobRun('j2', async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
      after = currentJobRun();
    });
    expect(after).toBeUndefined();
  });

  it('a write the limiter let go is remembered for the rest of the operation', async () => {
    const marks: unknown[] = [];
    await withLogContext({ jobId: 'j3' }, () =>
      withJobRun('j3', async () => {
        currentJobRun()!.sentWrite = true;
        await new Promise((r) => setImmediate(r));
        marks.push(currentJobRun()?.sentWrite);
      }),
    );
    expect(marks).toEqual([true]);
  });

  it('outside any run context, and nested in another run, each operation has its own mark', async () => {
    const ids: unknown[] = [];
    await withJobRun('outer', async () => {
      ids.push(currentJobRun()?.jobId, currentLogContext());
      await withJobRun('inner', async () => ids.push(currentJobRun()?.jobId));
      ids.push(currentJobRun()?.jobId);
    });
    expect(ids).toEqual(['outer', {}, 'inner', 'outer']);
    expect(currentJobRun()).toBeUndefined();
  });
});
