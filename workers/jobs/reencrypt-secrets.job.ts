import { reencryptSecretsJob } from '../../shared/queues/jobs';
import type { Vault } from '../../shared/infra/crypto';
import type { Logger } from '../../shared/infra/logger';
import { defineHandler, type JobHandler } from '../job-handler';
import type { Services } from '../../shared/domain/services';

type Execute = (sql: string, params: unknown[], method?: 'all' | 'run') => Promise<any>;

export interface ReencryptCounts {
  /** Rows now wholly under the newest key. */
  rewritten: number;
  /** Rows another writer changed between our read and our write; left alone, the next run sees them again. */
  conflicts: number;
  /** Rows holding a value no key in the ring decrypts (a key dropped too early); left alone and warned about. */
  unreadable: number;
}

export interface ReencryptReport {
  keyId: string;
  tenantApps: ReencryptCounts;
  connections: ReencryptCounts;
}

const FIRST_ID = '00000000-0000-0000-0000-000000000000';
/** Stored form is `v1.<kid>.<iv>.<tag>.<ct>` (shared/infra/crypto.ts). */
const keyIdOf = (stored: string) => stored.split('.')[1] ?? '';

/**
 * Re-encrypts the values of one row that are not under the newest key. Returns null when one of them
 * cannot be decrypted: the row is skipped whole rather than half rotated.
 */
function rotate<T extends Record<string, string | null>>(vault: Vault, values: T): T | null {
  const out: Record<string, string | null> = { ...values };
  try {
    for (const [k, v] of Object.entries(values)) if (v && vault.needsRotation(v)) out[k] = vault.encrypt(vault.decrypt(v));
  } catch {
    return null;
  }
  return out as T;
}

/**
 * Walks a table by primary key (keyset pagination, `batchSize` rows per read) over the rows `where`
 * selects, handing each to `rewrite`. Each write is one guarded UPDATE, i.e. its own short transaction.
 */
async function walk<R extends { id: string }>(
  execute: Execute,
  select: string,
  params: unknown[],
  batchSize: number,
  rewrite: (row: R) => Promise<void>,
): Promise<void> {
  let after = FIRST_ID;
  for (;;) {
    const rows = (await execute(`${select} and id > ? order by id limit ?`, [...params, after, batchSize], 'all')) as R[];
    for (const row of rows) await rewrite(row);
    if (rows.length < batchSize) return;
    after = rows[rows.length - 1]!.id;
  }
}

/**
 * Rewrites every tenant app secret and connection token still under an older key of the ring with the
 * newest key. The UPDATE is guarded by the ciphertext it read, so a token refreshed (or an app edited)
 * meanwhile is never overwritten with the older value.
 */
export async function reencryptSecrets(
  deps: { execute: Execute; vault: Vault; forget: (connectionIds: string[]) => Promise<void>; logger: Logger },
  batchSize = 200,
): Promise<ReencryptReport> {
  const { execute, vault } = deps;
  const keyId = keyIdOf(vault.encrypt(''));
  const counts = (): ReencryptCounts => ({ rewritten: 0, conflicts: 0, unreadable: 0 });
  const report: ReencryptReport = { keyId, tenantApps: counts(), connections: counts() };
  const unreadable: { table: string; id: string }[] = [];

  await walk<{ id: string; secrets: Record<string, string> }>(
    execute,
    `select id, secrets from tenant_apps
     where exists (select 1 from jsonb_each_text(secrets) e where split_part(e.value, '.', 2) <> ?)`,
    [keyId],
    batchSize,
    async (row) => {
      const secrets = rotate(vault, row.secrets);
      if (!secrets) {
        report.tenantApps.unreadable++;
        unreadable.push({ table: 'tenant_apps', id: row.id });
        return;
      }
      const r = await execute('update tenant_apps set secrets = ?::jsonb where id = ? and secrets = ?::jsonb', [JSON.stringify(secrets), row.id, JSON.stringify(row.secrets)], 'run');
      report.tenantApps[r.affectedRows === 1 ? 'rewritten' : 'conflicts']++;
    },
  );

  type ConnRow = { id: string; access_token_enc: string | null; refresh_token_enc: string | null };
  await walk<ConnRow>(
    execute,
    `select id, access_token_enc, refresh_token_enc from connections
     where (split_part(access_token_enc, '.', 2) <> ? or split_part(refresh_token_enc, '.', 2) <> ?)`,
    [keyId, keyId],
    batchSize,
    async (row) => {
      const next = rotate(vault, { access: row.access_token_enc, refresh: row.refresh_token_enc });
      if (!next) {
        report.connections.unreadable++;
        unreadable.push({ table: 'connections', id: row.id });
        return;
      }
      // updated_at is left as is: the tokens did not change, only their encryption.
      const r = await execute(
        `update connections set access_token_enc = ?, refresh_token_enc = ?
         where id = ? and access_token_enc is not distinct from ? and refresh_token_enc is not distinct from ?`,
        [next.access, next.refresh, row.id, row.access_token_enc, row.refresh_token_enc],
        'run',
      );
      if (r.affectedRows !== 1) {
        report.connections.conflicts++;
        return;
      }
      report.connections.rewritten++;
      // Raw SQL bypasses the ORM flush hook that drops cached tokens on every replica.
      await deps.forget([row.id]);
    },
  );

  if (unreadable.length) {
    deps.logger.warn(
      { keyId, count: unreadable.length, sample: unreadable.slice(0, 20) },
      'some secrets are under a key the ring no longer has (or are corrupt); keep the old key in ENCRYPTION_KEYS until they are replaced',
    );
  }
  return report;
}

/** What the job uses: the ORM's connection, the key ring, and the token caches to drop. */
export type ReencryptDeps = Pick<Services, 'vault'> & { orm: Services['infra']['orm']; platformAuth: Pick<Services['platformAuth'], 'forget'> };

/** The job's work with the process's own services (also what a key-rotation test runs directly). */
export function reencryptWithServices(services: Services, log: Logger, batchSize?: number): Promise<ReencryptReport> {
  return reencryptWith({ orm: services.infra.orm, vault: services.vault, platformAuth: services.platformAuth }, log, batchSize);
}

function reencryptWith(deps: ReencryptDeps, log: Logger, batchSize?: number): Promise<ReencryptReport> {
  const conn = deps.orm.em.getConnection();
  return reencryptSecrets(
    {
      execute: (sql, params, method) => conn.execute(sql, params as any[], method),
      vault: deps.vault,
      forget: (ids) => deps.platformAuth.forget(ids),
      logger: log,
    },
    batchSize,
  );
}

/** Repeatable (SECRETS_REENCRYPT_EVERY_SECONDS, daily): finishes a key rotation so the old key can be retired. */
export const reencryptSecretsHandler = (deps: ReencryptDeps): JobHandler =>
  defineHandler({
    job: reencryptSecretsJob,
    handle: async ({ log }, payload) => {
      const report = await reencryptWith(deps, log, payload.batchSize);
      log.info(report, 'secret re-encryption done');
      return report;
    },
  });
