import { writeOperationNamed } from '../../shared/platforms';
import type { WriteOperation } from '../../shared/platforms/core/write-operation';
import type { WriteOperationLookup } from '../../shared/domain/jobs/write-operations';

/**
 * The platform modules' write operations plus a test's own, as createServices takes them (the same
 * lookup reaches the jobs service and the write worker). A test operation may not shadow a real one.
 */
export function withTestOperations(extra: readonly WriteOperation[]): WriteOperationLookup {
  const byName = new Map<string, WriteOperation>();
  for (const op of extra) {
    if (writeOperationNamed(op.name) || (byName.get(op.name) ?? op) !== op) throw new Error(`write operation ${op.name} is already defined`);
    byName.set(op.name, op);
  }
  return (name) => byName.get(name) ?? writeOperationNamed(name);
}
