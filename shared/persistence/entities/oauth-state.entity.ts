import { EntitySchema } from '@mikro-orm/core';

/** One OAuth authorize attempt: single use, 10 minutes, bound to the tenant and external user. */
export interface OAuthState {
  id: string;
  tenantId: string;
  externalUserId: string;
  platform: string;
  /** SHA-256 of the state handed to the platform; the state itself is never stored. */
  stateHash: string;
  /** PKCE verifier (Google), vault ciphertext. */
  codeVerifierEnc?: string | null;
  /** Where the platform sends the user back (the gateway callback). */
  callbackUri: string;
  /** Where the gateway sends the user after the exchange; absent = answer the callback with JSON. */
  redirectUri?: string | null;
  scopes: string[];
  expiresAt: Date;
  usedAt?: Date | null;
  createdAt: Date;
}

export const OAuthState = new EntitySchema<OAuthState>({
  name: 'OAuthState',
  tableName: 'oauth_states',
  properties: {
    id: { type: 'uuid', primary: true },
    tenantId: { type: 'uuid' },
    externalUserId: { type: 'uuid' },
    platform: { type: 'string' },
    stateHash: { type: 'string' },
    codeVerifierEnc: { type: 'text', nullable: true },
    callbackUri: { type: 'text' },
    redirectUri: { type: 'text', nullable: true },
    scopes: { type: 'json' },
    expiresAt: { type: 'Date', columnType: 'timestamptz' },
    usedAt: { type: 'Date', columnType: 'timestamptz', nullable: true },
    createdAt: { type: 'Date', columnType: 'timestamptz', onCreate: () => new Date() },
  },
});
