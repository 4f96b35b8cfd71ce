import { EntitySchema } from '@mikro-orm/core';
import { Tenant } from './tenant.entity';

export type RefreshSubject = 'external-user' | 'tenant-user';

export interface RefreshToken {
  /** The token's `jti`. */
  id: string;
  tenant: Tenant;
  subjectType: RefreshSubject;
  subjectId: string;
  /** Every token rotated from one login shares a family; reuse of a rotated token revokes it whole. */
  family: string;
  tokenHash: string;
  expiresAt: Date;
  rotatedAt?: Date | null;
  revokedAt?: Date | null;
  createdAt: Date;
}

export const RefreshToken = new EntitySchema<RefreshToken>({
  name: 'RefreshToken',
  tableName: 'refresh_tokens',
  properties: {
    id: { type: 'uuid', primary: true },
    tenant: { kind: 'm:1', entity: () => Tenant },
    subjectType: { type: 'string' },
    subjectId: { type: 'uuid' },
    family: { type: 'uuid' },
    tokenHash: { type: 'string', hidden: true },
    expiresAt: { type: 'Date', columnType: 'timestamptz' },
    rotatedAt: { type: 'Date', columnType: 'timestamptz', nullable: true },
    revokedAt: { type: 'Date', columnType: 'timestamptz', nullable: true },
    createdAt: { type: 'Date', columnType: 'timestamptz', onCreate: () => new Date() },
  },
});
