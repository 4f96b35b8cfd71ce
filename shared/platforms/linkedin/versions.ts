import type { PlatformVersion, PlatformVersionRegistry } from '../core/versions';

/** LinkedIn's monthly release notes and its table of sunset dates (docs/platforms/linkedin.md, Versions). */
const RECENT_CHANGES = 'https://learn.microsoft.com/en-us/linkedin/marketing/integrations/recent-changes';
const MIGRATIONS = 'https://learn.microsoft.com/en-us/linkedin/marketing/integrations/migrations';

/** LinkedIn names the month of a release, not its day: the first of the month stands for it. */
const RELEASE_DAY = 'release day within the month not published';

const month = (version: string, sunset: string, estimated: boolean): PlatformVersion => ({
  version,
  released: `${version.slice(0, 4)}-${version.slice(4, 6)}-01`,
  sunset,
  sources: { released: RECENT_CHANGES, sunset: MIGRATIONS },
  // LinkedIn keeps a version at least a year; until its table lists a date, the 15th of the same month a year on is assumed.
  unconfirmed: estimated ? `${RELEASE_DAY}; sunset estimated (LinkedIn's one-year minimum), not yet in its table` : RELEASE_DAY,
});

export const linkedinVersions: PlatformVersionRegistry = {
  inUse: { variable: 'LINKEDIN_API_VERSION', default: '202609' },
  versions: [
    month('202609', '2027-09-15', true),
    month('202608', '2027-08-15', true),
    month('202607', '2027-07-15', true),
    month('202606', '2027-06-15', true),
    month('202605', '2027-05-15', true),
    month('202604', '2027-04-15', true),
    month('202603', '2027-03-16', false),
    month('202602', '2027-02-15', false),
    month('202601', '2027-01-15', false),
    month('202511', '2026-11-16', false),
    month('202510', '2026-10-15', false),
  ],
  // A revision (`202609.01`) is served as long as its month's version is.
  entryKey: (configured) => configured.slice(0, 6),
};
