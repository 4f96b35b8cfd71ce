import type { WriteOperation } from '../../platforms/core/write-operation';

/**
 * Finds the write operation a job row names. Built once per process (createServices: the platform
 * modules' lists, `writeOperationNamed`, unless the builder passes another) and handed to what
 * resolves one: the jobs service and the write worker.
 */
export type WriteOperationLookup = (name: string) => WriteOperation | undefined;
