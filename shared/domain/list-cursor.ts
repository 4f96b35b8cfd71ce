import { AppError } from '../errors/app-error';

/**
 * The cursor of a newest-first list: it names the last row of the page by id, and the next page
 * starts strictly after that row's (created_at, id), read back in SQL so the comparison keeps
 * PostgreSQL's microsecond precision. `tag` keeps one list's cursors out of another's.
 */
export function idCursor(tag: string): { encode(id: string): string; decode(c: string | undefined): string | undefined } {
  const shape = new RegExp(`^${tag}:[0-9a-f-]{36}$`, 'i');
  return {
    encode: (id) => Buffer.from(`${tag}:${id}`).toString('base64url'),
    decode: (c) => {
      if (!c) return undefined;
      const raw = Buffer.from(c, 'base64url').toString();
      if (!shape.test(raw)) throw new AppError('VALIDATION_FAILED', 'Invalid cursor', { details: [{ path: 'query.cursor', message: 'not a cursor from this endpoint' }] });
      return raw.slice(tag.length + 1);
    },
  };
}
