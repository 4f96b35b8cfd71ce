import { rng } from '../../common/sim-kit';
import type { FacebookState } from '../state';
import { addAccountObject, fbTime } from './ad-objects';
import { ACCOUNTS, BIG_ACCOUNT_ID, BUSINESSES, PAGES, USERS, wellKnownToken, DEFAULT_APP } from './seed-ids';
import { listKey } from './store';
import type { SimUser, SizeOptions } from './types';

/** Seeded data is dated relative to this fixed instant so every run is identical. */
export const SEED_EPOCH = Date.UTC(2025, 0, 6, 9, 0, 0);
const DAY = 86_400_000;

const OBJECTIVES = ['OUTCOME_LEADS', 'OUTCOME_SALES', 'OUTCOME_TRAFFIC', 'OUTCOME_AWARENESS', 'OUTCOME_ENGAGEMENT'];
const WORDS = ['Spring', 'Summer', 'Autumn', 'Winter', 'Launch', 'Retarget', 'Brand', 'Promo', 'Evergreen', 'Flash'];
/** timezone ids are ASSUMED (Meta's own enum); names/offsets are real zones. */
const ACCOUNT_PROFILES = [
  { currency: 'USD', timezone_id: 1, timezone_name: 'America/Los_Angeles', offset: -7 },
  { currency: 'EUR', timezone_id: 112, timezone_name: 'Europe/Berlin', offset: 1 },
  { currency: 'GBP', timezone_id: 79, timezone_name: 'Europe/London', offset: 0 },
];

export function seedWorld(state: FacebookState, size: SizeOptions): void {
  const r = rng(state.seed);
  const pick = <T>(arr: readonly T[]): T => arr[Math.floor(r() * arr.length)]!;
  const store = state.store;
  store.seeding = true;

  for (const [key, u] of Object.entries(USERS)) {
    const user: SimUser = { id: u.id, key, name: u.name, accounts: new Set(), pages: new Set(), businesses: new Set() };
    store.users.set(key, user);
    store.usersById.set(u.id, user);
    const [first, last] = u.name.split(' ');
    store.add('user', u.id, { name: u.name, first_name: first, last_name: last, email: `${key}@example.test` });
    state.tokens.mint(u.id, DEFAULT_APP.id, { expiresIn: 0, token: wellKnownToken(key) });
  }

  // Pages, lead forms and leads
  for (const [userKey, pageIds] of Object.entries(PAGES)) {
    const user = store.users.get(userKey)!;
    pageIds.forEach((pageId, i) => {
      user.pages.add(pageId);
      store.add(
        'page',
        pageId,
        {
          name: `${user.name.split(' ')[0]} Page ${i + 1}`,
          category: 'Local business',
          category_list: [{ id: '2500', name: 'Local business' }],
          tasks: ['ADVERTISE', 'ANALYZE', 'CREATE_CONTENT', 'MESSAGING', 'MODERATE', 'MANAGE'],
          is_promotable: true,
          is_place: false,
          link: `https://www.facebook.com/${pageId}`,
          fan_count: 100 + Math.floor(r() * 5000),
        },
        { owner: user.id },
        [listKey.node(user.id, 'accounts')],
      );
      for (let f = 0; f < 2; f++) {
        const formId = store.newId('leadgenform');
        store.add(
          'leadgenform',
          formId,
          {
            name: `${pick(WORDS)} lead form ${f + 1}`,
            status: f === 0 ? 'ACTIVE' : 'ARCHIVED',
            locale: 'EN_US',
            leads_count: 3,
            created_time: fbTime(SEED_EPOCH - (30 - f) * DAY),
            questions: [{ key: 'full_name', label: 'Full name', type: 'FULL_NAME' }, { key: 'email', label: 'Email', type: 'EMAIL' }],
            privacy_policy_url: 'https://example.test/privacy',
            follow_up_action_url: 'https://example.test/thanks',
            page_id: pageId,
            page: { id: pageId },
          },
          { owner: pageId },
          [listKey.node(pageId, 'leadgen_forms')],
        );
        for (let l = 0; l < 3; l++) {
          store.add(
            'lead',
            store.newId('lead'),
            {
              created_time: fbTime(SEED_EPOCH - (10 - l) * DAY),
              form_id: formId,
              field_data: [
                { name: 'full_name', values: [`Lead ${l + 1}`] },
                { name: 'email', values: [`lead${l + 1}.${formId.slice(-4)}@example.test`] },
              ],
              is_organic: l === 2,
              platform: l % 2 ? 'ig' : 'fb',
            },
            { owner: formId },
            [listKey.node(formId, 'leads')],
          );
        }
      }
    });
  }

  // Businesses and catalogs
  for (const [userKey, bizId] of Object.entries(BUSINESSES)) {
    const user = store.users.get(userKey)!;
    user.businesses.add(bizId);
    const bizName = `${user.name.split(' ')[0]} Co`;
    store.add(
      'business',
      bizId,
      {
        name: bizName,
        created_time: fbTime(SEED_EPOCH - 400 * DAY),
        verification_status: userKey === 'alice' ? 'verified' : 'not_verified',
        primary_page: user.pages.size ? { id: [...user.pages][0] } : undefined,
        timezone_id: 1,
        vertical: 'ECOMMERCE',
        link: `https://business.facebook.com/settings/?business_id=${bizId}`,
      },
      { owner: user.id },
      [listKey.node(user.id, 'businesses')],
    );
    for (let c = 0; c < 2; c++) {
      store.add(
        'productcatalog',
        store.newId('productcatalog'),
        { name: `${bizName} catalog ${c + 1}`, vertical: c ? 'hotels' : 'commerce', product_count: 20 + c * 7, feed_count: 1 + c, business: { id: bizId, name: bizName } },
        { owner: bizId },
        [listKey.node(bizId, 'owned_product_catalogs')],
      );
    }
  }

  const cpa = size.campaignsPerAccount ?? 3;
  const apc = size.adsetsPerCampaign ?? 2;
  const apa = size.adsPerAdset ?? 2;
  for (const [userKey, acctIds] of Object.entries(ACCOUNTS)) {
    acctIds.forEach((acct, i) => {
      const disabled = userKey === 'bob' && i === 1;
      seedAccount(state, r, userKey, acct, i, { cpa, apc, apa, disabled, withExtras: true });
    });
  }
  const big = size.bigAccountEntities ?? 0;
  if (big > 0) {
    // 22 entities per campaign: 1 campaign, 3 ad sets, 9 ads, 9 creatives.
    seedAccount(state, r, 'alice', BIG_ACCOUNT_ID, 0, { cpa: Math.max(1, Math.round(big / 22)), apc: 3, apa: 3, disabled: false, withExtras: false });
  }
  store.seeding = false;
}

interface AccountShape {
  cpa: number;
  apc: number;
  apa: number;
  disabled: boolean;
  withExtras: boolean;
}

function seedAccount(state: FacebookState, r: () => number, userKey: string, acct: string, index: number, shape: AccountShape): void {
  const store = state.store;
  const user = store.users.get(userKey)!;
  const profile = ACCOUNT_PROFILES[index % ACCOUNT_PROFILES.length]!;
  const bizId = (BUSINESSES as Record<string, string>)[userKey];
  const biz = bizId ? store.get(bizId) : undefined;
  const first = user.name.split(' ')[0];
  const big = acct === BIG_ACCOUNT_ID;
  user.accounts.add(acct);
  const accountNode = store.add(
    'adaccount',
    `act_${acct}`,
    {
      account_id: acct,
      name: big ? `${first} Bulk (benchmark)` : `${first} ${profile.currency} ${index + 1}`,
      business: biz ? { id: biz.id, name: biz.data.name } : undefined,
      owner: user.id,
      created_time: fbTime(SEED_EPOCH - (500 - index * 30) * DAY),
      age: 500 - index * 30,
      account_status: shape.disabled ? 2 : 1,
      disable_reason: shape.disabled ? 3 : 0,
      user_tasks: ['MANAGE', 'ADVERTISE', 'ANALYZE', 'DRAFT'],
      capabilities: ['CAN_USE_REACH_AND_FREQUENCY'],
      currency: profile.currency,
      timezone_id: profile.timezone_id,
      timezone_name: profile.timezone_name,
      timezone_offset_hours_utc: profile.offset,
      amount_spent: String(100_000 + Math.floor(r() * 900_000)),
      balance: String(Math.floor(r() * 10_000)),
      spend_cap: '0',
      min_daily_budget: 100,
      funding_source_details: { id: `fs${acct.slice(-6)}`, display_string: 'Visa *1234', type: 1 },
      is_prepay_account: false,
    },
    { acct },
    [listKey.node(user.id, 'adaccounts')],
  );
  if (biz && (index < 2 || userKey !== 'alice') && !big) store.list(listKey.node(biz.id, 'owned_ad_accounts')).push(accountNode);
  for (const pageId of user.pages) store.list(listKey.account(acct, 'promote_pages')).push(store.get(pageId)!);

  const pixel = addAccountObject(state, 'adspixel', acct, {
    name: `${first} pixel ${index + 1}`,
    code: `<!-- Meta Pixel Code --><script>fbq('init', 'PIXEL');</script>`,
    creation_time: fbTime(SEED_EPOCH - 300 * DAY),
    last_fired_time: fbTime(SEED_EPOCH - 3600_000),
    is_unavailable: false,
    owner_ad_account: { id: `act_${acct}`, account_id: acct },
    owner_business: biz ? { id: biz.id } : undefined,
    enable_automatic_matching: true,
  });
  pixel.data.code = String(pixel.data.code).replace('PIXEL', pixel.id);
  const offset = profile.offset;
  const pageId = [...user.pages][0];
  let t = SEED_EPOCH - 200 * DAY;

  for (let c = 0; c < shape.cpa; c++) {
    t += 3600_000;
    const cbo = c % 3 === 0;
    const campaignStatus = c % 3 === 1 ? 'PAUSED' : 'ACTIVE';
    const objective = OBJECTIVES[c % OBJECTIVES.length]!;
    const campaign = addAccountObject(state, 'campaign', acct, {
      name: `${WORDS[c % WORDS.length]} ${objective.slice(8).toLowerCase()} ${c + 1}`,
      objective,
      status: campaignStatus,
      buying_type: 'AUCTION',
      bid_strategy: 'LOWEST_COST_WITHOUT_CAP',
      special_ad_categories: [],
      ...(cbo ? { daily_budget: String(2000 + Math.floor(r() * 8000)) } : { is_adset_budget_sharing_enabled: false }),
      start_time: fbTime(t),
      created_time: fbTime(t),
      updated_time: fbTime(t + DAY),
      spend_cap: undefined,
    });
    for (let s = 0; s < shape.apc; s++) {
      t += 60_000;
      const adset = addAccountObject(state, 'adset', acct, {
        name: `${campaign.data.name} / ad set ${s + 1}`,
        campaign_id: campaign.id,
        status: s === 1 && c % 2 === 0 ? 'PAUSED' : 'ACTIVE',
        billing_event: 'IMPRESSIONS',
        optimization_goal: objective === 'OUTCOME_LEADS' ? 'LEAD_GENERATION' : objective === 'OUTCOME_SALES' ? 'OFFSITE_CONVERSIONS' : 'LINK_CLICKS',
        bid_strategy: 'LOWEST_COST_WITHOUT_CAP',
        ...(cbo ? {} : { daily_budget: String(1000 + Math.floor(r() * 4000)) }),
        targeting: {
          geo_locations: { countries: [s % 2 ? 'GB' : 'US'], location_types: ['home', 'recent'] },
          age_min: 18 + s * 5,
          age_max: 65,
          publisher_platforms: ['facebook', 'instagram'],
        },
        promoted_object: objective === 'OUTCOME_LEADS' && pageId ? { page_id: pageId } : objective === 'OUTCOME_SALES' ? { pixel_id: pixel.id, custom_event_type: 'PURCHASE' } : undefined,
        destination_type: objective === 'OUTCOME_LEADS' ? 'ON_AD' : 'WEBSITE',
        start_time: fbTime(t, offset),
        created_time: fbTime(t),
        updated_time: fbTime(t + DAY),
      });
      for (let a = 0; a < shape.apa; a++) {
        t += 1000;
        const creative = addAccountObject(state, 'adcreative', acct, {
          name: `Creative ${c + 1}.${s + 1}.${a + 1}`,
          status: 'ACTIVE',
          object_story_spec: pageId
            ? { page_id: pageId, link_data: { link: 'https://example.test/landing', message: 'Try it today', name: 'Headline', call_to_action: { type: 'LEARN_MORE', value: { link: 'https://example.test/landing' } } } }
            : undefined,
          body: 'Try it today',
          title: 'Headline',
          call_to_action_type: 'LEARN_MORE',
          object_type: 'SHARE',
          thumbnail_url: `https://scontent.example.test/thumb_${c}_${s}_${a}.jpg`,
          image_hash: `hash${(c * 31 + s * 7 + a).toString(16).padStart(8, '0')}`,
        });
        const reviewState = !big && a === 1 && s === 0 && c === 2 ? 'PENDING_REVIEW' : undefined;
        addAccountObject(state, 'ad', acct, {
          name: `Ad ${c + 1}.${s + 1}.${a + 1}`,
          adset_id: adset.id,
          campaign_id: campaign.id,
          creative: { id: creative.id },
          status: 'ACTIVE',
          ...(reviewState ? { _effective: reviewState } : {}),
          created_time: fbTime(t),
          updated_time: fbTime(t + DAY),
          preview_shareable_link: `https://fb.me/sim${t.toString(36)}`,
        });
      }
    }
  }
  if (!shape.withExtras) return;

  for (let s = 0; s < 2; s++) {
    addAccountObject(state, 'savedaudience', acct, {
      account: { id: `act_${acct}`, account_id: acct },
      name: `${first} saved audience ${s + 1}`,
      description: s ? 'Lookers' : 'Buyers',
      targeting: { geo_locations: { countries: ['US'] }, age_min: 25, age_max: 54 },
      approximate_count_lower_bound: 1_200_000 + s * 100_000,
      approximate_count_upper_bound: 1_400_000 + s * 100_000,
      run_status: 'ACTIVE',
      sentence_lines: [{ content: 'Location:', children: ['United States'] }],
      time_created: fbTime(SEED_EPOCH - 90 * DAY),
      time_updated: fbTime(SEED_EPOCH - 80 * DAY),
    });
  }
  const normal = { code: 200, description: 'Normal' };
  const list = addAccountObject(state, 'customaudience', acct, {
    name: `${first} customer list`, subtype: 'CUSTOM', customer_file_source: 'USER_PROVIDED_ONLY',
    approximate_count_lower_bound: 12_000, approximate_count_upper_bound: 14_000,
    delivery_status: normal, operation_status: normal, time_created: Math.floor((SEED_EPOCH - 60 * DAY) / 1000),
  });
  addAccountObject(state, 'customaudience', acct, {
    name: `${first} site visitors 30d`, subtype: 'WEBSITE', retention_days: 30,
    rule: JSON.stringify({ inclusions: { operator: 'or', rules: [{ event_sources: [{ id: pixel.id, type: 'pixel' }], retention_seconds: 2_592_000 }] } }),
    approximate_count_lower_bound: 5_000, approximate_count_upper_bound: 6_000,
    delivery_status: normal, operation_status: normal, time_created: Math.floor((SEED_EPOCH - 50 * DAY) / 1000),
  });
  addAccountObject(state, 'customaudience', acct, {
    name: `${first} lookalike 1% US`, subtype: 'LOOKALIKE', origin_audience_id: list.id,
    lookalike_spec: { type: 'custom_ratio', ratio: 0.01, country: 'US', origin: [{ id: list.id, name: list.data.name, type: 'custom_audience' }] },
    approximate_count_lower_bound: 2_100_000, approximate_count_upper_bound: 2_500_000,
    delivery_status: normal, operation_status: normal, time_created: Math.floor((SEED_EPOCH - 40 * DAY) / 1000),
  });
  const events = ['PURCHASE', 'LEAD'];
  events.forEach((ev, i) =>
    addAccountObject(state, 'customconversion', acct, {
      name: `${first} ${ev.toLowerCase()} conversion`, custom_event_type: ev,
      rule: JSON.stringify({ url: { i_contains: i ? 'thank-you' : 'order-complete' } }),
      pixel: { id: pixel.id }, creation_time: fbTime(SEED_EPOCH - 20 * DAY), last_fired_time: fbTime(SEED_EPOCH - DAY),
      is_archived: false, default_conversion_value: 0, event_source_type: 'pixel', action_source_type: 'website',
    }),
  );
}
