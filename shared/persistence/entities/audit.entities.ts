export { AuditRecord } from './audit-record.entity';
