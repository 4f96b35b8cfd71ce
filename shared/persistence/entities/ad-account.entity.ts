import { EntitySchema } from '@mikro-orm/core';

export type AdAccountStatus = 'active' | 'deactivated';

/**
 * An ad account known in a tenant: one row per (tenant, platform, account). Ownership and
 * validation live here; which connections can reach it lives in ConnectionAccount.
 */
export interface AdAccount {
  id: string;
  tenantId: string;
  platform: string;
  /** Normalized: Meta without `act_`, Google without dashes. */
  platformAccountId: string;
  connectionId?: string | null;
  ownerId?: string | null;
  validatedAt?: Date | null;
  status: AdAccountStatus;
  name?: string | null;
  currency?: string | null;
  timezone?: string | null;
  /** Google: the manager a client is reached through (login-customer-id). */
  managerId?: string | null;
  createdAt: Date;
  updatedAt: Date;
}

export const AdAccount = new EntitySchema<AdAccount>({
  name: 'AdAccount',
  tableName: 'ad_accounts',
  properties: {
    id: { type: 'uuid', primary: true },
    tenantId: { type: 'uuid' },
    platform: { type: 'string' },
    platformAccountId: { type: 'string' },
    connectionId: { type: 'uuid', nullable: true },
    ownerId: { type: 'uuid', nullable: true },
    validatedAt: { type: 'Date', columnType: 'timestamptz', nullable: true },
    status: { type: 'string' },
    name: { type: 'string', nullable: true },
    currency: { type: 'string', nullable: true },
    timezone: { type: 'string', nullable: true },
    managerId: { type: 'string', nullable: true },
    createdAt: { type: 'Date', columnType: 'timestamptz', onCreate: () => new Date() },
    updatedAt: { type: 'Date', columnType: 'timestamptz', onCreate: () => new Date(), onUpdate: () => new Date() },
  },
});

/** An account a connection can reach (discovery result), with what the platform said about it. */
export interface ConnectionAccount {
  id: string;
  tenantId: string;
  connectionId: string;
  platformAccountId: string;
  name?: string | null;
  currency?: string | null;
  timezone?: string | null;
  managerId?: string | null;
  createdAt: Date;
}

export const ConnectionAccount = new EntitySchema<ConnectionAccount>({
  name: 'ConnectionAccount',
  tableName: 'connection_accounts',
  properties: {
    id: { type: 'uuid', primary: true },
    tenantId: { type: 'uuid' },
    connectionId: { type: 'uuid' },
    platformAccountId: { type: 'string' },
    name: { type: 'string', nullable: true },
    currency: { type: 'string', nullable: true },
    timezone: { type: 'string', nullable: true },
    managerId: { type: 'string', nullable: true },
    createdAt: { type: 'Date', columnType: 'timestamptz', onCreate: () => new Date() },
  },
});
