import { createHash } from 'node:crypto';
import { z } from 'zod';
import { AppError } from '../../errors/app-error';
import type { CreateClaims, JobAccount } from './write-operation';

/**
 * The name of an object a create makes, up to the platform's own limit. It is sent exactly as
 * given (no trimming: a name is the user's, byte for byte); a blank name is refused.
 */
export const objectName = (max: number) =>
  z
    .string()
    .min(1)
    .max(max)
    .refine((s) => s.trim().length > 0, 'must not be blank');

const TAG_ALPHABET = 'abcdefghijkmnpqrstuvwxyz23456789';
/** Length of the ` #xxxxxxxx` a tagged name ends with. */
export const STEP_TAG_LENGTH = 10;

/**
 * The caller's name plus a tag derived from the job and step (40 bits). A name too long to take
 * the tag within the platform's limit is shortened first, so the tag always fits.
 */
export function stepName(jobId: string, step: string, name: string, max = Infinity): string {
  const h = createHash('sha256').update(`name:${jobId}:${step}`).digest();
  let tag = '';
  for (let i = 0; i < STEP_TAG_LENGTH - 2; i++) tag += TAG_ALPHABET[h[i]! & 31];
  const room = Math.max(1, max - STEP_TAG_LENGTH);
  const base = [...name].length > room ? [...name].slice(0, room).join('').trimEnd() : name;
  return `${base} #${tag}`;
}

/** An object a lookup read back: its platform id, when the platform says it was made (ms), and what the step's result needs of it. */
export interface Candidate {
  id: string;
  createdAt?: number;
  data?: Record<string, unknown>;
}

/**
 * What a lookup compares for each object a create makes: its name and the fields that tell it
 * apart (the account, the kind of object, its parent, its objective). Two creates with equal keys
 * make objects no lookup can tell apart; the signature of a key is what their steps share.
 */
export interface LookupKey {
  name: string;
  fields: Record<string, unknown>;
}

export function signatureOf(a: JobAccount, key: LookupKey): string {
  return createHash('sha256')
    .update(JSON.stringify([a.tenantId, a.platform, a.platformAccountId, key.name, key.fields]))
    .digest('base64url')
    .slice(0, 32);
}

/** A created time read back, as the platform writes it (ISO 8601 with `+0000`, `YYYY-MM-DD HH:MM:SS` UTC, or epoch seconds/ms). */
export function parseCreatedTime(v: unknown): number | undefined {
  if (typeof v === 'number') return v < 1e11 ? v * 1000 : v;
  if (typeof v !== 'string' || !v) return undefined;
  if (/^\d+$/.test(v)) return parseCreatedTime(Number(v));
  const iso = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(v) ? `${v.replace(' ', 'T')}Z` : v.replace(/([+-]\d{2})(\d{2})$/, '$1:$2');
  const t = Date.parse(iso);
  return Number.isNaN(t) ? undefined : t;
}

/**
 * Keeps the candidates made at or after `sinceMs`. A platform's created time may be truncated to
 * the second and its clock may differ from ours: the bound is lowered by the configured skew. A
 * candidate without a created time stays (its platform gives none: docs/exactly-once.md).
 */
export function madeSince(candidates: Candidate[], sinceMs: number, skewMs: number): Candidate[] {
  const bound = Math.floor((sinceMs - skewMs) / 1000) * 1000;
  return candidates.filter((c) => c.createdAt === undefined || c.createdAt >= bound);
}

export function unconfirmed(what: string, ids: string[]): AppError {
  return new AppError('CREATE_UNCONFIRMED', `Could not tell which object an earlier attempt created: ${what}; nothing more was created`, {
    details: [{ reason: what, candidateIds: ids }],
  });
}

/** A fresh object's claim was refused: another job's lookup took it first. */
export const claimRefused = (ids: string[]) => unconfirmed(`another job's lookup took the object this create made (${ids.join(', ')})`, ids);

/**
 * The object an earlier attempt of this step made, among `candidates` (already matched on name,
 * fields and time), claimed for the step; undefined when there is none.
 * - One this step already claimed (a crash after the claim): that one.
 * - Objects other steps claimed are never taken.
 * - The rest are interchangeable among the steps that sent the same create and have no object yet
 *   (this one and `pendingOthers`): each takes one, oldest first. More of them than such steps
 *   means someone else made an identical object meanwhile: CREATE_UNCONFIRMED, nothing is taken.
 */
export async function claimOwn(claims: CreateClaims, claimStep: string, signature: string, candidates: Candidate[]): Promise<Candidate | undefined> {
  for (let round = 0; round < 3; round++) {
    const { holders, pendingOthers } = await claims.standing(candidates.map((c) => c.id), signature);
    const mine = candidates.find((c) => holders.get(c.id) === claimStep);
    if (mine) return mine;
    const free = candidates.filter((c) => !holders.has(c.id)).sort(byAge);
    const [oldest] = free;
    if (!oldest) return undefined;
    const steps = 1 + pendingOthers;
    if (free.length > steps) throw unconfirmed(`${free.length} objects match and only ${steps} create(s) may have made them`, free.map((c) => c.id));
    if (await claims.claim(claimStep, [oldest.id])) return oldest;
  }
  throw unconfirmed('other jobs kept claiming the matching objects', candidates.map((c) => c.id));
}

const byAge = (a: Candidate, b: Candidate) => (a.createdAt ?? 0) - (b.createdAt ?? 0) || compareIds(a.id, b.id);
const compareIds = (a: string, b: string) => a.length - b.length || (a < b ? -1 : a > b ? 1 : 0);
