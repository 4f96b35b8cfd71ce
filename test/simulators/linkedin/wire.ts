/**
 * LinkedIn's answer shapes (docs/platforms/linkedin.md, "Errors and rate limits", "Paging"): the
 * error body `{status, serviceErrorCode?, code?, message}` (plus `errorDetails.inputErrors` on the
 * ads entities), the cursor page `{elements, metadata.nextPageToken}` and the index page
 * `{elements, paging{start,count,total,links}}`. Messages are LinkedIn's where a public source quotes
 * them; the rest are ASSUMED wording (see README.md).
 */
import { createHash, randomUUID } from 'node:crypto';
import type { Response } from 'express';

export const REST_PREFIX = '/rest';

export class LiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string | undefined,
    message: string,
    readonly serviceErrorCode?: number,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
  }

  body(): Record<string, unknown> {
    return {
      status: this.status,
      ...(this.serviceErrorCode !== undefined ? { serviceErrorCode: this.serviceErrorCode } : {}),
      ...(this.code !== undefined ? { code: this.code } : {}),
      message: this.message,
      ...this.extra,
    };
  }
}

export const errors = {
  emptyToken: () => new LiError(401, 'EMPTY_ACCESS_TOKEN', 'Empty oauth2_access_token', 65604),
  invalidToken: () => new LiError(401, 'INVALID_ACCESS_TOKEN', 'Invalid access token', 65600),
  revokedToken: () => new LiError(401, 'REVOKED_ACCESS_TOKEN', 'The token used in the request has been revoked by the user', 65601),
  expiredToken: () => new LiError(401, 'EXPIRED_ACCESS_TOKEN', 'The token used in the request has expired', 65602),
  accessDenied: (resource: string, method: string, version: string) =>
    new LiError(403, 'ACCESS_DENIED', `Not enough permissions to access: ${resource}.${method}.${version}01`, 100),
  throttled: () => new LiError(429, undefined, 'Resource level throttle limit for calls to this resource is reached.', 101),
  // ASSUMED body for the analytics data throttle (the message is quoted by third parties, not the rest).
  metricVolume: () => new LiError(429, undefined, 'The data request limit has been exceeded. More than 45 million metric values were requested in a 5-minute window.'),
  nonexistentVersion: (v: string) => new LiError(426, 'NONEXISTENT_VERSION', `Requested version ${v.slice(0, 6)}01 is not active`),
  // ASSUMED: LinkedIn refuses a missing version header but publishes no body.
  versionMissing: () => new LiError(400, 'VERSION_MISSING', 'A version must be present. Please specify a version by adding the LinkedIn-Version header.'),
  // ASSUMED: without Rest.li 2.0 the request is parsed as 1.0 syntax, which this simulator does not speak.
  protocolMissing: () => new LiError(400, 'ILLEGAL_ARGUMENT', 'X-Restli-Protocol-Version: 2.0.0 is required (Rest.li 1.0 syntax is not supported)'),
  illegal: (message: string) => new LiError(400, 'ILLEGAL_ARGUMENT', message),
  notFound: (what: string) => new LiError(404, 'NOT_FOUND', `${what} does not exist`),
  noRoute: (method: string, path: string) => new LiError(404, undefined, `No virtual resource found for ${method} ${path}`),
  badMethod: (method: string) => new LiError(405, undefined, `Method ${method} is not allowed on this resource`),
  uriTooLong: () => new LiError(414, undefined, 'Request-URI Too Long'),
  lengthRequired: () => new LiError(411, undefined, 'Length Required'),
  internal: () => new LiError(500, 'INTERNAL_ERROR', 'Internal Server Error'),
  unavailable: () => new LiError(503, 'UNDER_MAINTENANCE', 'Service Unavailable'),
  gatewayTimeout: () => new LiError(504, undefined, 'Gateway Timeout'),
  /** 422 for a body that breaks the schema (an enum symbol, a type): wording after a 3P report, body ASSUMED. */
  schema: (path: string, what: string) => new LiError(422, undefined, `ERROR :: ${path} :: ${what}`),
};

export interface InputError {
  code: string;
  description: string;
  fieldPath: string;
}

/** The ads entities' validation body: one input error, or MULTIPLE_VALIDATIONS_FAILED for several. */
export function validationError(list: InputError[]): LiError {
  const top = list.length === 1 ? list[0]! : { code: 'MULTIPLE_VALIDATIONS_FAILED', description: 'Multiple validations failed' };
  return new LiError(400, top.code, top.description, undefined, {
    errorDetailType: 'com.linkedin.common.error.BadRequest',
    errorDetails: {
      inputErrors: list.map((e) => ({ code: e.code, description: e.description, input: { inputPath: { fieldPath: e.fieldPath } } })),
    },
  });
}

/** Headers LinkedIn puts on every REST answer (the docs ask to quote x-li-uuid on a 500). */
export function liHeaders(): Record<string, string> {
  return { 'x-li-uuid': randomUUID().replace(/-/g, '').slice(0, 22), 'x-li-fabric': 'prod-sim1', 'x-restli-protocol-version': '2.0.0' };
}

export function sendError(res: Response, e: LiError): void {
  res.status(e.status).set(liHeaders()).json(e.body());
}

/** Cursor paging (search finders): the token binds offset, page size and the query, so changing any fails. */
export function cursorPage<T>(all: readonly T[], pageSize: number, token: string | undefined, queryKey: string): { elements: T[]; metadata: { nextPageToken?: string } } {
  const bind = createHash('sha1').update(`${queryKey}|${pageSize}`).digest('hex').slice(0, 12);
  let offset = 0;
  if (token !== undefined) {
    const m = /^(\d+)\.([0-9a-f]{12})$/.exec(Buffer.from(token, 'base64url').toString('utf8'));
    // ASSUMED: a token from another query or page size is refused.
    if (!m || m[2] !== bind) throw errors.illegal('Invalid pageToken');
    offset = Number(m[1]);
  }
  const elements = all.slice(offset, offset + pageSize);
  const next = offset + pageSize;
  return { elements, metadata: next < all.length ? { nextPageToken: Buffer.from(`${next}.${bind}`).toString('base64url') } : {} };
}

/** Index paging (older finders): `paging{start,count,total,links}` with a rel=next link while more remain. */
export function indexPage<T>(all: readonly T[], start: number, count: number, selfPath: string): { elements: T[]; paging: Record<string, unknown> } {
  const elements = all.slice(start, start + count);
  const links: Record<string, string>[] = [];
  if (start + count < all.length) {
    const href = selfPath.replace(/([?&])start=\d+/, '$1').replace(/([?&])count=\d+/, '$1').replace(/[?&]+$/, '').replace(/&&+/g, '&');
    links.push({ rel: 'next', href: `${href}${href.includes('?') ? '&' : '?'}start=${start + count}&count=${count}`, type: 'application/json' });
  }
  return { elements, paging: { start, count, total: all.length, links } };
}
