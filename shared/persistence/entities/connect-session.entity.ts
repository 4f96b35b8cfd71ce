import { EntitySchema } from '@mikro-orm/core';

/**
 * One hosted Connect page session for an external user. The link's token is single use: opening it
 * sets `usedAt` and binds the session to one browser through a cookie whose secret is stored hashed.
 */
export interface ConnectSession {
  id: string;
  tenantId: string;
  /** ExternalUser row id. */
  externalUserId: string;
  /** SHA-256 of the link's token; the token itself is never stored. */
  tokenHash: string;
  /** The platforms offered; null = every platform the tenant configured. */
  platforms?: string[] | null;
  returnUrl?: string | null;
  locale?: string | null;
  /** Until when the link can be opened. */
  expiresAt: Date;
  usedAt?: Date | null;
  /** SHA-256 of the browser cookie's secret, set when the link is opened. */
  browserSecretHash?: string | null;
  /** Until when the browser that opened the link can go on. */
  browserExpiresAt?: Date | null;
  /** The platform chosen on the page. */
  platform?: string | null;
  /** The connection the platform's OAuth made in this session. */
  connectionId?: string | null;
  completedAt?: Date | null;
  createdAt: Date;
}

export const ConnectSession = new EntitySchema<ConnectSession>({
  name: 'ConnectSession',
  tableName: 'connect_sessions',
  properties: {
    id: { type: 'uuid', primary: true },
    tenantId: { type: 'uuid' },
    externalUserId: { type: 'uuid' },
    tokenHash: { type: 'string' },
    platforms: { type: 'json', nullable: true },
    returnUrl: { type: 'text', nullable: true },
    locale: { type: 'string', nullable: true },
    expiresAt: { type: 'Date', columnType: 'timestamptz' },
    usedAt: { type: 'Date', columnType: 'timestamptz', nullable: true },
    browserSecretHash: { type: 'string', nullable: true },
    browserExpiresAt: { type: 'Date', columnType: 'timestamptz', nullable: true },
    platform: { type: 'string', nullable: true },
    connectionId: { type: 'uuid', nullable: true },
    completedAt: { type: 'Date', columnType: 'timestamptz', nullable: true },
    createdAt: { type: 'Date', columnType: 'timestamptz', onCreate: () => new Date() },
  },
});
