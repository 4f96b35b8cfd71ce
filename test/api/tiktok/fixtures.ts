/** Valid DTO bodies for the create routes (camelCase gateway names). */
let n = 0;
export const uniq = (what: string) => `${what} ${Date.now()}-${++n}`;

export const campaignPart = (name = uniq('Campaign')) => ({ campaignName: name, objectiveType: 'TRAFFIC', budgetMode: 'BUDGET_MODE_DAY', budget: 75 });

export const adGroupPart = (name = uniq('Ad group')) => ({
  adgroupName: name,
  promotionType: 'WEBSITE',
  placementType: 'PLACEMENT_TYPE_NORMAL',
  placements: ['PLACEMENT_TIKTOK'],
  locationIds: ['6252001'],
  budgetMode: 'BUDGET_MODE_DAY',
  budget: 30,
  scheduleType: 'SCHEDULE_FROM_NOW',
  scheduleStartTime: '2026-12-01 00:00:00',
  optimizationGoal: 'CLICK',
  billingEvent: 'CPC',
  pacing: 'PACING_MODE_SMOOTH',
});

export const creative = (name = uniq('Ad')) => ({
  adName: name,
  adFormat: 'SINGLE_VIDEO',
  identityType: 'CUSTOMIZED_USER',
  identityId: '7000001',
  adText: 'Fresh shoes for spring',
  videoId: 'v10033g50000abc',
  callToAction: 'SHOP_NOW',
  landingPageUrl: 'https://shop.example.com/spring',
  utmParams: [{ key: 'utm_source', value: 'tiktok' }],
  disclaimerType: 'TEXT_ONLY',
  disclaimerText: { text: 'Terms apply' },
});
