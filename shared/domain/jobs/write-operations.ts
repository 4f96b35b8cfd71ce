import type { WriteOperation } from './write-operation.types';

export type { WriteOperation, WriteContext } from './write-operation.types';
export { defineWriteOperation } from './write-operation.types';
import { tiktokWriteOperations } from '../../platforms/tiktok/operations/write-operations';
import { facebookWriteOperations } from '../../platforms/facebook/operations/write-operations';

/**
 * Every platform write the gateway runs as a job. Each platform surface appends its list here
 * (one import line), so the api and worker roles see the same operations.
 */
export const writeOperations: WriteOperation[] = [...facebookWriteOperations, ...tiktokWriteOperations];

const extra = new Map<string, WriteOperation>();

/** Registers an operation at run time (tests, plugins). A second registration of a name must be the same object. */
export function registerWriteOperation(op: WriteOperation): void {
  const prev = findWriteOperation(op.name);
  if (prev && prev !== op) throw new Error(`write operation ${op.name} is already registered`);
  extra.set(op.name, op);
}

export function findWriteOperation(name: string): WriteOperation | undefined {
  return extra.get(name) ?? writeOperations.find((o) => o.name === name);
}
