import type { PlatformVersionRegistry } from '../core/versions';

/** Meta's Marketing API version table: release and expiration dates of each version (docs/platforms/facebook.md, Versions). */
const VERSIONS_PAGE = 'https://developers.facebook.com/documentation/ads-commerce/marketing-api/marketing-api-changelog/versions';
const both = { released: VERSIONS_PAGE, sunset: VERSIONS_PAGE };

/**
 * The Marketing API versions the gateway speaks (the Graph API table lists other expiration dates;
 * the Marketing API's are the ones that apply to ads calls). A sunset is Meta's expiration date.
 */
export const facebookVersions: PlatformVersionRegistry = {
  inUse: { variable: 'FACEBOOK_API_VERSION', default: 'v27.0' },
  versions: [
    { version: 'v27.0', released: '2026-11-04', sunset: null, sources: both, unconfirmed: 'expiration not announced yet (TBD in the table)' },
    { version: 'v26.0', released: '2026-07-29', sunset: null, sources: both, unconfirmed: 'expiration not announced yet (TBD in the table)' },
    { version: 'v25.0', released: '2026-02-18', sunset: '2027-02-23', sources: both },
    { version: 'v24.0', released: '2025-10-08', sunset: '2026-11-10', sources: both },
    { version: 'v23.0', released: '2025-05-29', sunset: '2026-06-09', sources: both },
  ],
};
