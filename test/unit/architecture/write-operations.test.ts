import { z } from 'zod';
import { defineWriteOperation, type WriteOperation } from '../../../shared/platforms/core/write-operation';
import { allWriteOperations, platformModules } from '../../../shared/platforms';

const run = async () => undefined;

// A create must say how it stays exactly-once: the type system refuses one that does not.
// @ts-expect-error — a create without `exactlyOnce`
defineWriteOperation({ name: 'x.create', platform: 'x', kind: 'create', run });
// @ts-expect-error — `exactlyOnce` must name an idempotency key or a lookup
defineWriteOperation({ name: 'x.create', platform: 'x', kind: 'create', exactlyOnce: {}, run });
// @ts-expect-error — every write declares its kind
defineWriteOperation({ name: 'x.write', platform: 'x', run });
defineWriteOperation({ name: 'x.create', platform: 'x', kind: 'create', exactlyOnce: { idempotencyKey: 'request_id' }, params: z.object({}), run });
defineWriteOperation({ name: 'x.create', platform: 'x', kind: 'create', exactlyOnce: { lookup: 'the name and created time' }, run });
defineWriteOperation({ name: 'x.update', platform: 'x', kind: 'update', run });

describe('write operations of the platform modules', () => {
  const ops: readonly WriteOperation[] = allWriteOperations();

  it('are named <platform>.<what>, once each, by the module that lists them', () => {
    for (const m of platformModules) for (const op of m.writeOperations) expect(op.name.startsWith(`${m.name}.`) && op.platform === m.name).toBe(true);
    expect(new Set(ops.map((o) => o.name)).size).toBe(ops.length);
  });

  it('declare, for every create, an idempotency key or a lookup (checked at run time too: payloads come from JSON)', () => {
    const creates = ops.filter((o) => o.kind === 'create');
    expect(creates.length).toBeGreaterThan(0);
    for (const op of creates) {
      const how = op.kind === 'create' ? op.exactlyOnce : undefined;
      expect([how?.idempotencyKey, how?.lookup].some((v) => typeof v === 'string' && v.length > 0)).toBe(true);
    }
  });
});
