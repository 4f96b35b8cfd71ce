import type { PlatformVersionRegistry } from '../core/versions';

/** TikTok's API versioning page (docs/platforms/tiktok.md, Versions). */
const VERSIONING = 'https://business-api.tiktok.com/portal/docs?id=1740029169927169';

/**
 * TikTok's version is part of the path the adapter builds (`/open_api/v1.3/`, descriptor.ts), not a
 * setting. TikTok has announced no end for v1.3.
 */
export const tiktokVersions: PlatformVersionRegistry = {
  inUse: { fixed: 'v1.3' },
  versions: [
    {
      version: 'v1.3',
      released: '2022-08-15',
      sunset: null,
      sources: { released: VERSIONING, sunset: VERSIONING },
      unconfirmed: 'dates read from a third-party summary of the versioning page (api-evangelist/tiktok-ads), not from TikTok directly',
    },
    {
      version: 'v1.2',
      released: '2021-03-19',
      sunset: '2023-08-15',
      sources: { released: VERSIONING, sunset: VERSIONING },
      unconfirmed: 'dates read from a third-party summary of the versioning page (api-evangelist/tiktok-ads) and the python-tiktok README, not from TikTok directly',
    },
  ],
};
