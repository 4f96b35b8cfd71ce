import { EntitySchema } from '@mikro-orm/core';
import { Tenant } from './tenant.entity';

export interface TenantApp {
  id: string;
  tenant: Tenant;
  platform: string;
  /** Non-secret fields by name (appId, clientId, redirectUri, loginCustomerId). */
  fields: Record<string, string>;
  /** Secret fields by name, each a vault ciphertext (`v1.<kid>.…`). */
  secrets: Record<string, string>;
  createdAt: Date;
  updatedAt: Date;
}

export const TenantApp = new EntitySchema<TenantApp>({
  name: 'TenantApp',
  tableName: 'tenant_apps',
  properties: {
    id: { type: 'uuid', primary: true },
    tenant: { kind: 'm:1', entity: () => Tenant },
    platform: { type: 'string' },
    fields: { type: 'json' },
    secrets: { type: 'json', hidden: true },
    createdAt: { type: 'Date', columnType: 'timestamptz', onCreate: () => new Date() },
    updatedAt: { type: 'Date', columnType: 'timestamptz', onCreate: () => new Date(), onUpdate: () => new Date() },
  },
});
