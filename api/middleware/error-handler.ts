import type { ErrorRequestHandler, RequestHandler } from 'express';
import { AppError, isAppError } from '../../shared/errors/app-error';
import { sendError } from '../http/envelope';
import { dependencyUnavailable } from '../../shared/errors/unavailable';
import { statusForCode } from '../http/error-to-http';
import { abuseLimitsOf, clientIp } from './abuse-limits';
import type { AppDeps } from '../deps';

type HttpishError = Error & { type?: string; status?: number; statusCode?: number; expose?: boolean };

/** Turns body-parser and router errors into the gateway's codes; anything unknown is a bug (500). */
function toAppError(err: unknown): AppError | undefined {
  if (isAppError(err)) return err;
  const e = err as HttpishError;
  switch (e?.type) {
    case 'entity.parse.failed':
      return new AppError('MALFORMED_JSON', 'The request body is not valid JSON');
    case 'entity.too.large':
      return new AppError('PAYLOAD_TOO_LARGE', 'The request body is over the size limit');
    case 'encoding.unsupported':
    case 'charset.unsupported':
      return new AppError('VALIDATION_FAILED', 'Unsupported body encoding');
    case 'request.aborted':
    case 'request.size.invalid':
    case 'stream.encoding.set':
      return new AppError('VALIDATION_FAILED', 'The request body could not be read');
    default:
  }
  const unavailable = dependencyUnavailable(err);
  if (unavailable) return unavailable;
  const status = e?.status ?? e?.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    return new AppError('VALIDATION_FAILED', 'The request could not be parsed');
  }
  return undefined;
}

/** A 401 counts against the client's credential limit; once over it, the answer is the 429. */
async function countCredentialFailure(req: Parameters<ErrorRequestHandler>[1], appErr: AppError): Promise<AppError> {
  const deps = req.app.locals.deps as AppDeps | undefined;
  if (!deps || statusForCode(appErr.code) !== 401) return appErr;
  return (await abuseLimitsOf(deps).credentialFailed(clientIp(req))) ?? appErr;
}

export const errorHandler: ErrorRequestHandler = async (err, req, res, _next) => {
  if (res.headersSent) {
    req.ctx?.log.error({ err }, 'error after response started');
    res.destroy();
    return;
  }
  let appErr = toAppError(err);
  if (appErr) appErr = await countCredentialFailure(req, appErr).catch(() => appErr);
  if (res.headersSent) return;
  if (appErr) {
    if (appErr.code === 'SERVICE_UNAVAILABLE') req.ctx?.log.warn({ err }, 'backing service unavailable');
    sendError(req, res, appErr);
    return;
  }
  req.ctx?.log.error({ err }, 'unhandled error');
  sendError(req, res, new AppError('INTERNAL', 'Internal server error'));
};

export const routeNotFound: RequestHandler = (req) => {
  throw new AppError('ROUTE_NOT_FOUND', `No route for ${req.method} ${req.path}`);
};
