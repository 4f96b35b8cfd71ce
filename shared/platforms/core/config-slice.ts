import { z, type AnyZodObject } from 'zod';
import { ConfigError } from '../../infra/config';
import { configSliceInput } from './module';

/*
 * Building blocks of a platform's config slice (`PlatformModule.config`): the variable kinds the
 * shared config uses, so a setting means the same wherever it is declared.
 */

/** An http(s) URL; the default is the platform's production host. */
export const envUrl = (def: string) => z.string().url().default(def);
/** A whole number of at least `min` (0 unless told). */
export const envInt = (def: number, min = 0) => z.coerce.number().int().min(min).default(def);

/**
 * Where a slice's values come from: the environment the config was read from (`Config.env`),
 * under keys set on the object itself (a test's `{ ...config, <variable>: simulatorUrl }`, or a
 * plain record of settings).
 */
export function configSliceSource(config: object): Record<string, unknown> {
  const { env, ...own } = config as { env?: Readonly<Record<string, unknown>> } & Record<string, unknown>;
  return { ...(env ?? {}), ...own };
}

/**
 * The reader of one slice (`facebookConfig(config)`): its settings in a parsed config, or in any
 * record of settings; absent or empty keys take their defaults. Parsed once per config object.
 * A bad value throws ConfigError naming the variable (the service has already refused it at
 * startup: shared/platforms/index.ts validates every slice).
 */
export function configSliceReader<S extends AnyZodObject>(schema: S): (config: object) => z.infer<S> {
  const parsed = new WeakMap<object, z.infer<S>>();
  return (config) => {
    let slice = parsed.get(config);
    if (!slice) {
      const r = schema.safeParse(configSliceInput(schema, configSliceSource(config)));
      if (!r.success) throw new ConfigError(r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`));
      slice = r.data as z.infer<S>;
      parsed.set(config, slice);
    }
    return slice;
  };
}
