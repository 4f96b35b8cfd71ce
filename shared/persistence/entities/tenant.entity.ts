import { EntitySchema } from '@mikro-orm/core';
import type { CreateLookupStyle } from '../../platforms/core/write-operation';

export interface TenantProfile {
  companyName?: string;
  website?: string;
  contactEmail?: string;
  phone?: string;
  country?: string;
  logoUrl?: string;
}

export interface TenantSettings {
  timezone?: string;
  locale?: string;
  defaultRedirectUri?: string;
  /** Origins users may return to (OAuth redirectUri, Connect returnUrl) and that may frame the Connect page. */
  allowedOrigins?: string[];
  /** How a create without a platform idempotency key is found again after a crash (default `name-and-time`). */
  createLookup?: CreateLookupStyle;
  /** Limits and confirmations every write of the tenant is checked against (docs/safe-writes.md); validated when saved. */
  guardrails?: { maxDailyBudget?: Record<string, string>; maxBudgetIncreasePercent?: number; requireConfirmation?: string[] };
  /** Days the audit trail keeps a record (1..3650; absent: 400). */
  auditRetentionDays?: number;
}

export interface Tenant {
  id: string;
  name: string;
  profile: TenantProfile;
  settings: TenantSettings;
  createdAt: Date;
  updatedAt: Date;
}

export const Tenant = new EntitySchema<Tenant>({
  name: 'Tenant',
  tableName: 'tenants',
  properties: {
    id: { type: 'uuid', primary: true },
    name: { type: 'string' },
    profile: { type: 'json' },
    settings: { type: 'json' },
    createdAt: { type: 'Date', columnType: 'timestamptz', onCreate: () => new Date() },
    updatedAt: { type: 'Date', columnType: 'timestamptz', onCreate: () => new Date(), onUpdate: () => new Date() },
  },
});
