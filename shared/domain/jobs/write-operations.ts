import type { WriteOperation } from '../../platforms/core/write-operation';
import { writeOperationNamed } from '../../platforms';

const extra = new Map<string, WriteOperation>();

/** Registers an operation at run time (tests). A second registration of a name must be the same object. */
export function registerWriteOperation(op: WriteOperation): void {
  const prev = findWriteOperation(op.name);
  if (prev && prev !== op) throw new Error(`write operation ${op.name} is already registered`);
  extra.set(op.name, op);
}

/** The write a job row names, from the platform modules' lists (or a test's registration). */
export function findWriteOperation(name: string): WriteOperation | undefined {
  return extra.get(name) ?? writeOperationNamed(name);
}
