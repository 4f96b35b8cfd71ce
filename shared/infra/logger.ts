import pino, { type Logger, type DestinationStream } from 'pino';
import { redactDeep } from './redact';
import { currentLogContext } from './log-context';

export type { Logger };

/**
 * One pino root logger per process. `formatters.log` scrubs secret-named fields at any depth, so a
 * careless `log.info({ connection })` can never leak a token.
 */
export function createLogger(opts: { level: string; name?: string }, destination?: DestinationStream): Logger {
  return pino(
    {
      level: opts.level,
      name: opts.name ?? 'ads-gateway',
      base: { pid: process.pid },
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { log: (obj) => redactDeep(obj) as Record<string, unknown> },
      serializers: { err: pino.stdSerializers.err },
      // A job's ids (withLogContext) on every line it causes; a line's own fields win. pino merges
      // into the returned object, so it must be a copy.
      mixin: () => ({ ...currentLogContext() }),
    },
    destination,
  );
}
