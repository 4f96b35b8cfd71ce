import { AppError } from '../../errors/app-error';

/** An offset into the report's ordered rows, opaque to callers. */
export function encodeOffset(offset: number): string {
  return Buffer.from(`r:${offset}`).toString('base64url');
}

export function decodeOffset(cursor: string | undefined): number {
  if (cursor === undefined) return 0;
  const m = /^r:(\d{1,9})$/.exec(Buffer.from(cursor, 'base64url').toString());
  if (!m) throw new AppError('VALIDATION_FAILED', 'Invalid cursor', { details: [{ path: 'query.cursor', message: 'not a cursor from this endpoint' }] });
  return Number(m[1]);
}
