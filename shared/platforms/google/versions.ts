import type { PlatformVersionRegistry } from '../core/versions';

/** Google Ads API release notes (release date of each version) and deprecation and sunset schedule (docs/platforms/google.md, Versions). */
const RELEASE_NOTES = 'https://developers.google.com/google-ads/api/docs/release-notes';
const SUNSET_DATES = 'https://developers.google.com/google-ads/api/docs/sunset-dates';
const V22_SUNSET = 'https://developers.google.com/ads/blog/posts/2026/09/google-ads-api-v22-sunset-reminder';
/**
 * Google has not published the sunsets of v23 onwards where we could read them; each is estimated at
 * 51 weeks after its release, the shortest life of the 2025 versions (v22: 2025-10-15 to 2026-10-07),
 * so a warning comes early rather than late. Replace each with Google's date once it is announced.
 */
const ESTIMATED = 'sunset estimated (51 weeks after release); Google has not published it where we could confirm it';

export const googleVersions: PlatformVersionRegistry = {
  inUse: { variable: 'GOOGLE_ADS_API_VERSION', default: 'v26' },
  versions: [
    { version: 'v26', released: '2026-10-14', sunset: '2027-10-06', sources: { released: RELEASE_NOTES, sunset: SUNSET_DATES }, unconfirmed: ESTIMATED },
    { version: 'v25', released: '2026-07-22', sunset: '2027-07-14', sources: { released: RELEASE_NOTES, sunset: SUNSET_DATES }, unconfirmed: ESTIMATED },
    { version: 'v24', released: '2026-04-22', sunset: '2027-04-14', sources: { released: RELEASE_NOTES, sunset: SUNSET_DATES }, unconfirmed: ESTIMATED },
    { version: 'v23', released: '2026-01-28', sunset: '2027-01-20', sources: { released: RELEASE_NOTES, sunset: SUNSET_DATES }, unconfirmed: ESTIMATED },
    {
      version: 'v22',
      released: '2025-10-15',
      sunset: '2026-10-07',
      sources: { released: RELEASE_NOTES, sunset: V22_SUNSET },
      unconfirmed: 'release date not confirmed from Google (the sunset is, in its sunset reminder)',
    },
  ],
};
