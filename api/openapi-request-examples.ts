/*
 * Examples for the free-form objects of request bodies (platform objects the gateway passes through
 * as the platform defines them). Without one, a reference page makes up `property1`/`property2`,
 * which no platform accepts; with one, the request sample shows what a caller really sends. The
 * linters check each example against its schema.
 */

type Schema = { properties?: Record<string, Schema>; items?: Schema; example?: unknown; allOf?: Schema[]; anyOf?: Schema[]; oneOf?: Schema[] };

const PIXEL_PURCHASE = { pixel_id: '1234567890123456', custom_event_type: 'PURCHASE' };
const MOVIES = { id: '6003139266461', name: 'Movies' };

/** `Component.field.field[]` (a `[]` step is the array's items) → the example. */
export const REQUEST_EXAMPLES: Readonly<Record<string, unknown>> = {
  'FacebookCreateCampaignDto.promoted_object': PIXEL_PURCHASE,
  'CreateSocialCampaignDto.promoted_object': { page_id: '100000000000001' },
  'CreateAdSetDto.promoted_object': PIXEL_PURCHASE,
  'ObjectStorySpecDto.link_data.call_to_action.value': { link: 'https://example.com/spring-sale' },
  'ObjectStorySpecDto.video_data': {
    video_id: '1200000000000001',
    image_url: 'https://example.com/spring-sale-thumbnail.jpg',
    message: 'Our spring collection is here',
    call_to_action: { type: 'SHOP_NOW', value: { link: 'https://example.com/spring-sale' } },
  },
  'TargetingSpecDto.geo_locations': { countries: ['US', 'CA'] },
  'TargetingSpecDto.excluded_geo_locations': { countries: ['MX'] },
  'TargetingSpecDto.flexible_spec[]': { interests: [MOVIES] },
  'TargetingSpecDto.exclusions': { interests: [{ id: '6003020834693', name: 'Music' }] },
  'TargetingSpecDto.interests[]': MOVIES,
  'TargetingSpecDto.behaviors[]': { id: '6002714895372', name: 'Frequent travelers' },
  'TargetingSpecDto.targeting_automation': { advantage_audience: 1 },
  'CustomConversionRuleDto.custom_data': { content_category: { eq: 'shoes' } },
  'CustomConversionRuleDto.and[].custom_data': { content_category: { eq: 'shoes' } },
  'CustomConversionRuleDto.or[].custom_data': { content_category: { eq: 'shoes' } },
  'CreateLeadFormDto.thank_you_page': {
    title: 'Thanks, we will be in touch',
    body: 'A member of our team will call you within one working day.',
    button_type: 'VIEW_WEBSITE',
    button_text: 'Visit our website',
    website_url: 'https://example.com/',
  },
  'CreateLeadFormDto.context_card': { title: 'Get a free quote', style: 'PARAGRAPH_STYLE', content: ['Tell us about your project and we will send a quote.'] },
  'ExecuteOperationDto.params': { adAccountId: 'act_100000000000001', limit: 25 },
  // No extra configuration: TikTok applies its defaults.
  'CreateAutomatedAdDto.adConfiguration': {},
  'UpdateAutomatedAdDto.adConfiguration': {},
};

/** The schema a `Component.a.b[]` path names, through properties, array items and intersections. */
function locate(schemas: Record<string, Schema>, path: string): Schema | undefined {
  const [component, ...steps] = path.split('.');
  let at: Schema | undefined = schemas[component!];
  for (const step of steps) {
    const name = step.replace(/\[\]$/, '');
    const parts: Schema[] = at ? [at, ...(at.allOf ?? []), ...(at.anyOf ?? []), ...(at.oneOf ?? [])] : [];
    at = parts.map((p) => p.properties?.[name]).find(Boolean);
    if (at && step.endsWith('[]')) at = at.items;
  }
  return at;
}

/** Sets each example; a path that no longer names a schema is a mistake here, so it throws. */
export function addRequestExamples(document: object): void {
  const schemas = (document as { components: { schemas: Record<string, Schema> } }).components.schemas;
  for (const [path, example] of Object.entries(REQUEST_EXAMPLES)) {
    const schema = locate(schemas, path);
    if (!schema) throw new Error(`no request schema at ${path}`);
    schema.example ??= example;
  }
}
