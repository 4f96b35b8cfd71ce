import type { RedisClient } from '../../infra/redis';
import { createHash, createHmac, randomUUID } from 'node:crypto';
import { safeEqual } from '../../infra/crypto';
import { AppError } from '../../errors/app-error';
import { canonicalJson } from '../jobs/idempotency';

/** How long a confirmation stays good. */
export const CONFIRM_TTL_MS = 10 * 60_000;

/** What a token is bound to: who asked, and exactly which request. */
export interface ConfirmBinding {
  tenantId: string;
  /** The principal's kind and id (an external user, an API key, a tenant user). */
  principal: string;
  method: string;
  path: string;
  /** The request's query (without `dryRun`) and body, as validated. */
  query: unknown;
  body: unknown;
}

const bindingHash = (b: ConfirmBinding) =>
  createHash('sha256').update(canonicalJson([b.tenantId, b.principal, b.method.toUpperCase(), b.path, b.query ?? null, b.body ?? null])).digest('base64url');

const b64 = (s: string) => Buffer.from(s, 'utf8').toString('base64url');

/**
 * Confirmation tokens: an HMAC over (token id, expiry, the request's hash), so nothing is stored
 * until one is used; using one records its id in Redis until it would have expired, so it runs
 * one request once.
 */
export class ConfirmTokens {
  private readonly key: Buffer;

  constructor(
    secret: string,
    private readonly redis: RedisClient,
    private readonly prefix = 'aag:confirm',
    private readonly now: () => number = Date.now,
  ) {
    // A key of its own: a confirmation token is never accepted as any other token, nor the reverse.
    this.key = createHmac('sha256', secret).update('confirm-token/v1').digest();
  }

  issue(b: ConfirmBinding): string {
    const payload = b64(JSON.stringify({ id: randomUUID(), exp: this.now() + CONFIRM_TTL_MS, h: bindingHash(b) }));
    return `${payload}.${this.sign(payload)}`;
  }

  /** Takes the token for this request, once; the reason it cannot be taken otherwise. */
  async use(token: string, b: ConfirmBinding): Promise<{ ok: true } | { ok: false; reason: string }> {
    const [payload, sig, extra] = token.split('.');
    if (!payload || !sig || extra !== undefined || !this.signedBy(payload, sig)) return { ok: false, reason: 'The Confirm token is not one this gateway issued.' };
    let claims: { id?: unknown; exp?: unknown; h?: unknown };
    try {
      claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as typeof claims;
    } catch {
      return { ok: false, reason: 'The Confirm token is not one this gateway issued.' };
    }
    if (typeof claims.exp !== 'number' || claims.exp <= this.now()) return { ok: false, reason: 'The Confirm token has expired.' };
    if (claims.h !== bindingHash(b)) return { ok: false, reason: 'The Confirm token was issued for another request or another user.' };
    const first = await this.redis.set(`${this.prefix}:${String(claims.id)}`, '1', 'PX', Math.max(1, claims.exp - this.now()), 'NX').catch((e: unknown) => {
      throw new AppError('SERVICE_UNAVAILABLE', 'Cannot check the Confirm token right now; retry shortly', { retryAfter: 1, cause: e });
    });
    if (first !== 'OK') return { ok: false, reason: 'The Confirm token has already been used.' };
    return { ok: true };
  }

  private sign(payload: string): string {
    return createHmac('sha256', this.key).update(payload).digest('base64url');
  }

  private signedBy(payload: string, sig: string): boolean {
    return safeEqual(this.sign(payload), sig);
  }
}
