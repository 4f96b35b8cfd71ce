import type { MigrationObject } from '@mikro-orm/core';
import { Migration20261122100000_identity } from './Migration20261122100000_identity';
import { Migration20261122200000_connections } from './Migration20261122200000_connections';
import { Migration20261122300000_jobs } from './Migration20261122300000_jobs';
import { Migration20261124200001_revoked_subjects } from './Migration20261124200001_revoked_subjects';
import { Migration20261124600001_webhooks } from './Migration20261124600001_webhooks';
import { Migration20261124400001_job_request_id } from './Migration20261124400001_job_request_id';
import { Migration20261125050001_job_listing } from './Migration20261125050001_job_listing';
import { Migration20261125100001_connect_sessions } from './Migration20261125100001_connect_sessions';
import { Migration20261127100001_imported_entities_fillfactor } from './Migration20261127100001_imported_entities_fillfactor';
import { Migration20261127200001_create_claims } from './Migration20261127200001_create_claims';
import { Migration20261128100001_audit_records } from './Migration20261128100001_audit_records';
import { Migration20261128300001_report_jobs } from './Migration20261128300001_report_jobs';
import { Migration20261128400001_job_rate_limit_waits } from './Migration20261128400001_job_rate_limit_waits';
import { Migration20261128510001_imported_entities_json } from './Migration20261128510001_imported_entities_json';
import { Migration20261128610001_job_hot_updates } from './Migration20261128610001_job_hot_updates';
import { Migration20261128630001_job_rows_json } from './Migration20261128630001_job_rows_json';
import { Migration20261129100001_job_tenant_cascade } from './Migration20261129100001_job_tenant_cascade';
import { Migration20261129200001_imported_entities_tenant_cascade } from './Migration20261129200001_imported_entities_tenant_cascade';

/**
 * Ordered list of migrations. Hand-written SQL classes, one file each, named
 * `Migration<yyyymmddhhmmss>_<what>.ts`; append new ones at the end.
 */
export const allMigrations: MigrationObject[] = [
  { name: 'Migration20261122100000_identity', class: Migration20261122100000_identity },
  { name: 'Migration20261122200000_connections', class: Migration20261122200000_connections },
  { name: 'Migration20261122300000_jobs', class: Migration20261122300000_jobs },
  { name: 'Migration20261124200001_revoked_subjects', class: Migration20261124200001_revoked_subjects },
  { name: 'Migration20261124600001_webhooks', class: Migration20261124600001_webhooks },
  { name: 'Migration20261124400001_job_request_id', class: Migration20261124400001_job_request_id },
  { name: 'Migration20261125050001_job_listing', class: Migration20261125050001_job_listing },
  { name: 'Migration20261125100001_connect_sessions', class: Migration20261125100001_connect_sessions },
  { name: 'Migration20261127100001_imported_entities_fillfactor', class: Migration20261127100001_imported_entities_fillfactor },
  { name: 'Migration20261127200001_create_claims', class: Migration20261127200001_create_claims },
  { name: 'Migration20261128100001_audit_records', class: Migration20261128100001_audit_records },
  { name: 'Migration20261128300001_report_jobs', class: Migration20261128300001_report_jobs },
  { name: 'Migration20261128400001_job_rate_limit_waits', class: Migration20261128400001_job_rate_limit_waits },
  { name: 'Migration20261128510001_imported_entities_json', class: Migration20261128510001_imported_entities_json },
  { name: 'Migration20261128610001_job_hot_updates', class: Migration20261128610001_job_hot_updates },
  { name: 'Migration20261128630001_job_rows_json', class: Migration20261128630001_job_rows_json },
  { name: 'Migration20261129100001_job_tenant_cascade', class: Migration20261129100001_job_tenant_cascade },
  { name: 'Migration20261129200001_imported_entities_tenant_cascade', class: Migration20261129200001_imported_entities_tenant_cascade },
];
