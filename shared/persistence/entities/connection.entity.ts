import { EntitySchema } from '@mikro-orm/core';

export type ConnectionStatus = 'active' | 'expired' | 'revoked' | 'error';
/** `oauth`: made by the authorize flow; `token`: a token the caller supplied (e.g. a Meta system user). */
export type ConnectionKind = 'oauth' | 'token';

/** An external user's grant on one platform; tokens are vault ciphertext and never leave the service. */
export interface Connection {
  id: string;
  tenantId: string;
  externalUserId: string;
  platform: string;
  kind: ConnectionKind;
  status: ConnectionStatus;
  accessTokenEnc?: string | null;
  refreshTokenEnc?: string | null;
  /** SHA-256 of the access token a caller supplied, to reuse one connection per token. */
  tokenFingerprint?: string | null;
  /** null = no timer expiry. */
  expiresAt?: Date | null;
  scopes: string[];
  platformUserId?: string | null;
  /** The tenant app's client id the grant belongs to (limiter key, refresh). */
  appClientId?: string | null;
  lastRefreshedAt?: Date | null;
  lastCheckedAt?: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

export const Connection = new EntitySchema<Connection>({
  name: 'Connection',
  tableName: 'connections',
  properties: {
    id: { type: 'uuid', primary: true },
    tenantId: { type: 'uuid' },
    externalUserId: { type: 'uuid' },
    platform: { type: 'string' },
    kind: { type: 'string' },
    status: { type: 'string' },
    accessTokenEnc: { type: 'text', nullable: true },
    refreshTokenEnc: { type: 'text', nullable: true },
    tokenFingerprint: { type: 'string', nullable: true },
    expiresAt: { type: 'Date', columnType: 'timestamptz', nullable: true },
    scopes: { type: 'json' },
    platformUserId: { type: 'string', nullable: true },
    appClientId: { type: 'string', nullable: true },
    lastRefreshedAt: { type: 'Date', columnType: 'timestamptz', nullable: true },
    lastCheckedAt: { type: 'Date', columnType: 'timestamptz', nullable: true },
    createdAt: { type: 'Date', columnType: 'timestamptz', onCreate: () => new Date() },
    updatedAt: { type: 'Date', columnType: 'timestamptz', onCreate: () => new Date(), onUpdate: () => new Date() },
  },
});
