import { EntitySchema } from '@mikro-orm/core';
import { Tenant } from './tenant.entity';

export interface ApiKey {
  id: string;
  tenant: Tenant;
  /** The visible start of the key (`aag_` + 8 chars), used to find the row. */
  prefix: string;
  /** Last 4 characters, for the masked view. */
  last4: string;
  /** sha256 of the whole key (keys are high-entropy, so a fast hash is enough). */
  keyHash: string;
  /** Null while current; set to the end of the grace period when the key is rotated out. */
  expiresAt?: Date | null;
  lastUsedAt?: Date | null;
  createdAt: Date;
}

export const ApiKey = new EntitySchema<ApiKey>({
  name: 'ApiKey',
  tableName: 'api_keys',
  properties: {
    id: { type: 'uuid', primary: true },
    tenant: { kind: 'm:1', entity: () => Tenant },
    prefix: { type: 'string' },
    last4: { type: 'string' },
    keyHash: { type: 'string', hidden: true },
    expiresAt: { type: 'Date', columnType: 'timestamptz', nullable: true },
    lastUsedAt: { type: 'Date', columnType: 'timestamptz', nullable: true },
    createdAt: { type: 'Date', columnType: 'timestamptz', onCreate: () => new Date() },
  },
});
