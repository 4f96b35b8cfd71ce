import type { PlatformDescriptor } from '../core/types';
import { tiktokConfig } from './config';

/**
 * TikTok grants scopes per app in its developer portal; the authorize URL names none (docs/platforms/tiktok.md, Scopes).
 * The token answer lists the granted permission ids (`scope: [int]`), which are stored and shown;
 * TikTok documents no mapping from those ids to endpoints, so there is no scope model to check
 * before a call: TikTok's own 40001 / 40125 / 40130 answers stand.
 */
export const TIKTOK_SCOPES: string[] = [];

/** From TikTok's config slice (or any config object: `tiktokConfig` reads it). */
export function tiktokDescriptor(config: object): PlatformDescriptor & { portalAuthUrl: string } {
  const c = tiktokConfig(config);
  return {
    platform: 'tiktok',
    apiBase: `${c.TIKTOK_API_URL.replace(/\/+$/, '')}/open_api/v1.3/`,
    apiVersion: 'v1.3',
    portalAuthUrl: `${c.TIKTOK_AUTH_URL.replace(/\/+$/, '')}/portal/auth`,
    scopes: TIKTOK_SCOPES,
    // TikTok sends no limit headers; its signal is code 40100 in the body (docs/platforms/tiktok.md §8).
    limitHeaders: [],
    accountRps: c.TIKTOK_ACCOUNT_RPS,
    appRps: c.TIKTOK_APP_RPS,
  };
}
