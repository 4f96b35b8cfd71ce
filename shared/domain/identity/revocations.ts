import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import type { Logger } from '../../infra/logger';
import { openSubscription, type RedisClient } from '../../infra/redis';

/** A deleted external user (`userId`, with its tenant's id for it) or a closed tenant (no `userId`). */
export interface RevokedSubject {
  tenantId: string;
  userId?: string;
  externalId?: string;
}

const subjectKey = (s: RevokedSubject) => (s.userId ? `user:${s.userId}` : `tenant:${s.tenantId}`);

/**
 * Who may no longer authenticate, on every replica at once. Access tokens are checked without a
 * database read, so each process holds the revoked subjects in memory: loaded from
 * `revoked_subjects` on first use, and kept current over Redis pub/sub (like the guard cache).
 * A replica that lost its subscription reloads the table when it is back, because messages sent
 * meanwhile are gone.
 */
export class Revocations {
  private readonly revoked = new Set<string>();
  private loading?: Promise<void>;
  private loadedBy?: Promise<void>;
  private sub?: RedisClient;
  private readonly channel: string;
  private readonly listeners: Array<(s: RevokedSubject) => void> = [];

  constructor(
    private readonly deps: { orm: MikroORM; redis: RedisClient; prefix: string; logger: Logger; retainSeconds: number },
  ) {
    this.channel = `${deps.prefix}:identity:revoked`;
  }

  /** Runs for every subject revoked anywhere (to drop in-process caches keyed by it). */
  onRevoked(listener: (s: RevokedSubject) => void): void {
    this.listeners.push(listener);
  }

  /** Resolves once the table is loaded; a failed load is retried by the next caller. */
  ready(): Promise<void> {
    if (this.loading) return this.loading;
    const loading: Promise<void> = this.load().then(
      () => void (this.loadedBy = loading),
      (err: unknown) => {
        if (this.loading === loading) this.loading = undefined;
        throw err;
      },
    );
    this.loading = loading;
    return loading;
  }

  /** Whether `ready()` has already resolved (and no reload is under way): a check then need not wait. */
  get loaded(): boolean {
    return this.loading !== undefined && this.loadedBy === this.loading;
  }

  isRevoked(tenantId: string, userId?: string): boolean {
    if (this.revoked.size === 0) return false;
    return this.revoked.has(`tenant:${tenantId}`) || (userId !== undefined && this.revoked.has(`user:${userId}`));
  }

  /** Records the subjects (in `em`'s transaction when given one) and tells every replica. */
  async revoke(em: EntityManager, subjects: RevokedSubject[]): Promise<void> {
    if (subjects.length === 0) return;
    const conn = em.getConnection();
    for (const s of subjects) {
      await conn.execute(
        `insert into revoked_subjects (subject, tenant_id, expires_at) values (?, ?, now() + make_interval(secs => ?))
         on conflict (subject) do update set expires_at = excluded.expires_at`,
        [subjectKey(s), s.tenantId, this.deps.retainSeconds],
        'run',
        em.getTransactionContext(),
      );
    }
  }

  /** After the revoking transaction committed: applies here and publishes to the other replicas. */
  async announce(subjects: RevokedSubject[]): Promise<void> {
    for (const s of subjects) this.apply(s);
    await this.deps.redis.publish(this.channel, JSON.stringify(subjects)).catch((err: Error) =>
      this.deps.logger.error({ err: err.message }, 'revocation not published; other replicas learn it when they reload'),
    );
  }

  private apply(s: RevokedSubject) {
    this.revoked.add(subjectKey(s));
    for (const l of this.listeners) l(s);
  }

  private async load(): Promise<void> {
    if (!this.sub) {
      const opened = openSubscription(this.deps.redis, this.channel, {
        onMessage: (msg) => {
          try {
            for (const s of JSON.parse(msg) as RevokedSubject[]) this.apply(s);
          } catch {
            // not ours
          }
        },
        onResubscribed: () => {
          this.loading = undefined;
          void this.ready().catch(() => undefined);
        },
        onError: (err) => this.deps.logger.warn({ err: err.message }, 'revocation subscribe failed'),
      });
      this.sub = opened.sub;
      // A revocation committed after the read below but published before the SUBSCRIBE took hold
      // would be missed by both; one more read once subscribed closes that gap without making the
      // first request wait for the subscription.
      void opened.ready.then(() => this.readTable()).catch(() => undefined);
    }
    await this.readTable();
  }

  private async readTable(): Promise<void> {
    const rows = (await this.deps.orm.em
      .fork()
      .getConnection()
      .execute('select subject from revoked_subjects where expires_at > now()')) as { subject: string }[];
    for (const r of rows) this.revoked.add(r.subject);
  }

  close(): void {
    this.sub?.disconnect();
  }
}
