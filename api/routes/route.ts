import type { Request, Response, RequestHandler } from 'express';
import type { z, ZodTypeAny, AnyZodObject } from 'zod';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { AuthContext, AuthMode } from '../../shared/domain/identity/auth-context';
import type { Logger } from '../../shared/infra/logger';
import type { AppDeps } from '../deps';

type Infer<T> = T extends ZodTypeAny ? z.infer<T> : undefined;

export interface HandlerContext<P, Q, B> {
  req: Request;
  res: Response;
  deps: AppDeps;
  params: Infer<P>;
  query: Infer<Q>;
  body: Infer<B>;
  /** Set for every route whose auth mode is not `none`. */
  auth: AuthContext;
  log: Logger;
  em: EntityManager;
}

export type RouteResult =
  /** `job`: the job this answer started or joined; the envelope names it (`jobId`, `pollUrl`). */
  | { data: unknown; status?: number; message?: string; headers?: Record<string, string>; job?: { id: string; pollUrl: string } }
  /** The handler answered itself (redirects, streams). */
  | { handled: true };

export interface RouteSpec<
  P extends AnyZodObject | undefined = AnyZodObject | undefined,
  Q extends AnyZodObject | undefined = AnyZodObject | undefined,
  B extends ZodTypeAny | undefined = ZodTypeAny | undefined,
> {
  method: 'get' | 'post' | 'put' | 'patch' | 'delete';
  /** OpenAPI-style path: `/api/v1/facebook/campaigns/{id}`. */
  path: string;
  operationId: string;
  /** What the operation does, as the reference lists it ("Import an ad account"). */
  summary: string;
  /** The answer's `message` when the handler gives none ("Ad account imported"); the summary when absent. */
  message?: string;
  description?: string;
  tags: string[];
  auth: AuthMode;
  params?: P;
  query?: Q;
  body?: B;
  response?: {
    status?: number;
    schema?: ZodTypeAny;
    description?: string;
    /** The `data` of the documented example (otherwise one is built from the schema). */
    example?: unknown;
    /** The answer is not enveloped JSON but this media type (pages, metrics, the OpenAPI document). */
    mediaType?: string;
    /** Other media types the same answer is also given in, chosen by `Accept` (the audit trail's CSV). */
    alternatives?: Record<string, ZodTypeAny>;
  };
  /** Starts a job: documents the 202 answer, `Prefer`, and (writes) `Idempotency-Key` and `Idempotent-Replayed`. */
  job?: 'write' | 'import' | 'report';
  /**
   * Some 200 answers of this job route start no job (a read small enough to answer directly): the
   * envelope then has no `jobId`/`pollUrl`, so the document marks them optional.
   */
  answersWithoutJob?: boolean;
  /** Mounted but left out of the OpenAPI document (an older URL kept working beside its documented form). */
  hidden?: boolean;
  /** Documented with `deprecated: true`: an older form kept working beside its replacement. */
  deprecated?: boolean;
  /** Error statuses worth documenting beyond the defaults for the auth mode. */
  errors?: number[];
  /** `credential`: a route that takes a password or one-time secret, under the stricter per-IP limit. */
  limit?: 'credential';
  /** Extra steps after authentication and validation (e.g. the ad-account guard). */
  before?: RequestHandler[];
  handler: (ctx: HandlerContext<P, Q, B>) => Promise<RouteResult>;
}

/** Identity function that keeps the generic types of a route's schemas for its handler. */
export function defineRoute<
  P extends AnyZodObject | undefined = undefined,
  Q extends AnyZodObject | undefined = undefined,
  B extends ZodTypeAny | undefined = undefined,
>(spec: RouteSpec<P, Q, B>): RouteSpec {
  return spec as unknown as RouteSpec;
}
