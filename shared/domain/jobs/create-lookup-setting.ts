import type { MikroORM } from '@mikro-orm/postgresql';
import type { CreateLookupStyle, JobAccount } from '../../platforms/core/write-operation';
import { CreateClaimStore } from './create-claims';
import type { TenantSettings } from './tenant-settings';

/**
 * What write jobs' creates need of the database besides their checkpoints: the claims of their
 * steps, and the tenant's `settings.createLookup` (kept with the tenant's other write settings).
 */
export class CreateLookupSettings {
  constructor(
    private readonly orm: MikroORM,
    private readonly settings: Pick<TenantSettings<unknown>, 'createLookup'>,
  ) {}

  of(tenantId: string): Promise<CreateLookupStyle> {
    return this.settings.createLookup(tenantId);
  }

  /** What a write job's creates need besides the caller: the claims of its steps and the tenant's choice. */
  forJob(jobId: string, account: JobAccount): { claims: CreateClaimStore; createLookup: () => Promise<CreateLookupStyle> } {
    return { claims: new CreateClaimStore(this.orm, account.tenantId, jobId, account.platform), createLookup: () => this.of(account.tenantId) };
  }
}
