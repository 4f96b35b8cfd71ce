/** A small, fixed targeting catalogue for `search?type=…` and `targetingsearch` (ids look like Meta's). */
const INTEREST_NAMES = [
  'Movies', 'Music', 'Running', 'Yoga', 'Cooking', 'Travel', 'Photography', 'Fashion', 'Football', 'Basketball',
  'Gardening', 'Video games', 'Coffee', 'Wine', 'Fitness and wellness', 'Online shopping', 'Hiking', 'Cycling',
  'Interior design', 'Pets', 'Dogs', 'Cats', 'Books', 'Science fiction', 'Technology', 'Smartphones',
  'Cars', 'Electric vehicles', 'Real estate', 'Investing', 'Cryptocurrency', 'Skin care', 'Makeup', 'Jewelry',
  'Camping', 'Surfing', 'Skiing', 'Tennis', 'Golf', 'Baking',
];

export interface Interest {
  id: string;
  name: string;
  audience_size_lower_bound: number;
  audience_size_upper_bound: number;
  path: string[];
  topic: string;
}

export const INTERESTS: Interest[] = INTEREST_NAMES.map((name, i) => {
  const lower = 5_000_000 + ((i * 7_919_113) % 400_000_000);
  return {
    id: `6003${String(100000000 + i * 7919).padStart(9, '0')}`,
    name,
    audience_size_lower_bound: lower,
    audience_size_upper_bound: Math.round(lower * 1.18),
    path: ['Interests', 'Hobbies and activities', name],
    topic: 'Hobbies and activities',
  };
});

export const BEHAVIORS = [
  { id: '6002714895372', name: 'All travelers', type: 'behaviors', path: ['Travel', 'All travelers'] },
  { id: '6002714898572', name: 'Small business owners', type: 'behaviors', path: ['Digital activities', 'Small business owners'] },
  { id: '6004386044572', name: 'Facebook access (mobile): Android devices', type: 'behaviors', path: ['Mobile device user', 'Android'] },
  { id: '6015235495383', name: 'Engaged shoppers', type: 'behaviors', path: ['Purchase behavior', 'Engaged shoppers'] },
];

export const DEMOGRAPHICS = [
  { id: '6012631862383', name: 'Parents (All)', type: 'demographics', path: ['Family', 'Parents'] },
  { id: '6002714398172', name: 'Newlywed (1 year)', type: 'life_events', path: ['Life events', 'Newlywed'] },
  { id: '6009203111983', name: 'Bachelor degree', type: 'demographics', path: ['Education', 'Bachelor degree'] },
];

export const GEO = [
  { key: 'US', name: 'United States', type: 'country', country_code: 'US', country_name: 'United States', supports_region: true, supports_city: true },
  { key: 'GB', name: 'United Kingdom', type: 'country', country_code: 'GB', country_name: 'United Kingdom', supports_region: true, supports_city: true },
  { key: 'DE', name: 'Germany', type: 'country', country_code: 'DE', country_name: 'Germany', supports_region: true, supports_city: true },
  { key: 'FR', name: 'France', type: 'country', country_code: 'FR', country_name: 'France', supports_region: true, supports_city: true },
  { key: '4081', name: 'California', type: 'region', country_code: 'US', country_name: 'United States', supports_region: true, supports_city: true },
  { key: '3847', name: 'New York', type: 'region', country_code: 'US', country_name: 'United States', supports_region: true, supports_city: true },
  { key: '777934', name: 'Menlo Park', type: 'city', country_code: 'US', country_name: 'United States', region: 'California', region_id: 4081, supports_region: true, supports_city: true },
  { key: '2490299', name: 'New York', type: 'city', country_code: 'US', country_name: 'United States', region: 'New York', region_id: 3847, supports_region: true, supports_city: true },
  { key: '2421836', name: 'London', type: 'city', country_code: 'GB', country_name: 'United Kingdom', region: 'England', region_id: 1085, supports_region: true, supports_city: true },
  { key: '594370', name: 'Berlin', type: 'city', country_code: 'DE', country_name: 'Germany', region: 'Berlin', region_id: 1041, supports_region: true, supports_city: true },
  { key: 'US:94304', name: '94304', type: 'zip', country_code: 'US', country_name: 'United States', region: 'California', region_id: 4081, supports_region: true, supports_city: true },
];

export const LOCALES = [
  { key: 6, name: 'English (US)' },
  { key: 24, name: 'English (UK)' },
  { key: 5, name: 'German' },
  { key: 9, name: 'French (France)' },
  { key: 23, name: 'Spanish' },
];

/** A deterministic size for any targeting spec, so estimates are stable per input. */
export function audienceSize(spec: unknown): number {
  const text = JSON.stringify(spec ?? {});
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return 800_000 + ((h >>> 0) % 40_000_000);
}
