import type { AnyZodObject, ZodTypeAny } from 'zod';
import type { AdapterFactory } from './registry';
import type { PlatformAppCredentials } from './app-credentials';
import type { ImportSource } from './import-source';
import type { ProxyRules } from './proxy-rules';
import type { ReportSource } from './report-source';
import type { ScopeModel } from './scopes';
import type { WriteOperation } from './write-operation';
import type { PlatformWriteSafety } from './write-safety';
import type { PlatformVersionRegistry } from './versions';

/**
 * Everything the gateway knows about one platform, exported once by its folder: the adapter
 * (descriptor, OAuth, client, error classification, usage signals), the scopes each operation
 * needs, the writes it runs as jobs and how an account is imported. `shared/platforms/index.ts`
 * lists the modules; everything that needs every platform reads that list.
 */
export interface PlatformModule<N extends string = string> {
  name: N;
  /**
   * The platform's own environment variables. Every module's slice is validated when the registry
   * is built (a bad value stops the service with the zod message); the parsed slice reaches the
   * adapter factory as `deps.platformConfig`.
   */
  config?: AnyZodObject;
  createAdapter: AdapterFactory;
  /** What a tenant stores for the platform's app (`/api/v1/tenant/apps/{platform}`): its fields and which are the OAuth client's. */
  appCredentials: PlatformAppCredentials;
  /** How the API names the platform: in operation ids (`start${label}Import`) and as the OpenAPI tag. */
  label: string;
  tag: string;
  /** The name people know the platform by, on pages ("Meta", "Google Ads"). */
  displayName: string;
  /** What each OpenAPI tag of the platform's routes covers (`tag` and any other its routes use). */
  tagText: Readonly<Record<string, string>>;
  /** Scopes per feature and the feature of each operation; absent = not checked ahead of the platform. */
  scopeModel?: ScopeModel;
  writeOperations: readonly WriteOperation[];
  /** The platform's money unit and its validate-only mode, for dry runs and guardrails. */
  writeSafety: PlatformWriteSafety;
  importSource?: ImportSource;
  /** How a raw path of the passthrough proxy names its ad account (docs/proxy.md); absent = no proxy for the platform. */
  proxyRules?: ProxyRules;
  /** How `GET /api/v1/reports` reads the platform's performance rows (docs/reports.md). */
  reportSource?: ReportSource;
  /** The API versions the gateway supports, their sunsets and which setting picks the one in use (core/versions.ts). */
  versions?: PlatformVersionRegistry;
  /** What `POST /api/v1/{platform}/import-ad-account` accepts and describes; required with `importSource`. */
  importRequest?: {
    /** The body's `adAccountId`, in the forms the platform's users write it. */
    accountId: ZodTypeAny;
    /** The levels an import stores, for the route description ("campaigns, ad groups and ads"). */
    levels: string;
  };
}

/** Keeps the module's name as a literal, so the platform list derives the `Platform` union. */
/** A module's own settings in a config or env record: its keys only, an empty value counting as unset (the default applies). */
export function configSliceInput(schema: AnyZodObject, src: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const input: Record<string, unknown> = {};
  for (const key of Object.keys(schema.shape)) {
    const v = src[key];
    if (v !== undefined && v !== '') input[key] = v;
  }
  return input;
}

export const definePlatformModule = <N extends string>(m: PlatformModule<N>): PlatformModule<N> => m;
