import { appModules, type Platform } from '../../platforms';
import type { PlatformAppCredentials, PlatformAppField } from '../../platforms/core/app-credentials';

/**
 * The app credentials each platform needs (docs/api-conventions.md §10), and how they map to the
 * OAuth client shape: each platform module declares its own (`appCredentials`); this is their list.
 */
export type AppPlatform = Platform;
export type PlatformField = PlatformAppField;

export interface PlatformAppMeta extends PlatformAppCredentials {
  platform: AppPlatform;
}

/** In the order the API lists them (shared/platforms/index.ts `appModules`). */
export const APP_PLATFORMS = appModules.map((m) => m.name) as [AppPlatform, ...AppPlatform[]];

export const PLATFORM_APPS = Object.fromEntries(appModules.map((m) => [m.name, { platform: m.name, ...m.appCredentials }])) as Record<
  AppPlatform,
  PlatformAppMeta
>;
