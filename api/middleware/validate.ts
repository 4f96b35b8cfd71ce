import type { ZodError, ZodTypeAny } from 'zod';
import { AppError } from '../../shared/errors/app-error';

export type Part = 'params' | 'query' | 'body';

export function zodDetails(part: string, err: ZodError): { path: string; message: string }[] {
  return err.issues.map((i) => ({
    path: [part, ...i.path].join('.'),
    message: i.code === 'unrecognized_keys' ? `unknown field(s): ${i.keys.join(', ')}` : i.message,
  }));
}

/** Parses one part of the request; throws VALIDATION_FAILED listing every field problem. */
export function parsePart<T extends ZodTypeAny>(part: Part, schema: T, value: unknown): unknown {
  const r = schema.safeParse(value ?? (part === 'body' ? undefined : {}));
  if (r.success) return r.data;
  throw new AppError('VALIDATION_FAILED', `Invalid request ${part}`, { details: zodDetails(part, r.error) });
}
