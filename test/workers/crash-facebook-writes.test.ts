import { http } from '../helpers/test-app';
import { ACCOUNTS, PAGES, wellKnownToken } from '../simulators/facebook';
import { listKey } from '../simulators/facebook/model/store';
import { startCrashWorld, type CrashWorld } from './support/crash-world';

const FB = ACCOUNTS.alice[0]!;
const TT = '7000000000000000012';
let n = 0;
const uniq = (what: string) => `${what} ${Date.now()}-${++n}`;

/*
 * The other Meta creates (ad set, creative), crashed like those of crash-every-create.test.ts: Meta accepts
 * the create, the worker is SIGKILLed before our "done" checkpoint, and a new worker must find the
 * object by its job-step name instead of creating a second one (an image is named by its bytes, so
 * uploading them again is how the retry finds it).
 */
describe('a Meta create crashed between Meta accepting it and our checkpoint', () => {
  let w: CrashWorld;
  beforeAll(async () => {
    w = await startCrashWorld({ facebook: `act_${FB}`, tiktok: TT });
  }, 90_000);
  afterAll(async () => {
    await w.close();
  });


  it('Meta ad set: exactly one ad set, and the job answers its id', async () => {
    const campaign = w.fb.state.store
      .list(listKey.account(FB, 'campaigns'))
      .items.find((c) => !Number(c.data.daily_budget ?? 0) && !Number(c.data.lifetime_budget ?? 0))!;
    const name = uniq('Crash ad set');
    const { job, creates } = await w.crashAfterAccept(w.fb, /\/act_\d+\/adsets$/, () =>
      http(w.app.url, 'POST', '/api/v1/facebook/adsets', {
        headers: { ...w.alice, prefer: 'respond-async' },
        body: {
          adAccountId: `act_${FB}`, name, campaign_id: campaign.id, optimization_goal: 'REACH', billing_event: 'IMPRESSIONS', daily_budget: 1000,
          targeting: { geo_locations: { countries: ['US'] } },
        },
      }),
    );
    expect(job.state).toBe('completed');
    const found = w.fb.state.store.list(listKey.account(FB, 'adsets')).items.filter((o) => o.data.name === name);
    expect(found).toHaveLength(1);
    expect(job.result.id).toBe(found[0]!.id);
    expect(creates).toBe(1);
  }, 400_000);

  it('Meta image upload: the retry uploads the same bytes again, the account gains one image, and the job answers its hash', async () => {
    // A PNG signature and a unique tail, so this image is new to the account.
    const bytes = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from(uniq('crash image'))]).toString('base64');
    const images = async () => {
      const r = await fetch(`${w.fb.baseUrl}/v25.0/act_${FB}/adimages?access_token=${wellKnownToken('alice')}`);
      return ((await r.json()) as { data: { hash: string }[] }).data.map((i) => i.hash);
    };
    const before = await images();
    const { job, creates } = await w.crashAfterAccept(w.fb, /\/act_\d+\/adimages$/, () =>
      http(w.app.url, 'POST', '/api/v1/facebook/adimages', { headers: { ...w.alice, prefer: 'respond-async' }, body: { adAccountId: `act_${FB}`, bytes } }),
    );
    expect(job.state).toBe('completed');
    const added = (await images()).filter((h) => !before.includes(h));
    expect(added).toEqual([job.result.hash]);
    // No lookup: the second upload of the same bytes is what makes it exactly once.
    expect(creates).toBe(2);
  }, 400_000);

  it('Meta creative: exactly one creative (whose list has no name filter), and the job answers its id', async () => {
    // The thumbnail, uploaded straight to the simulator (the api has no in-process worker here).
    const png = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';
    const up = await fetch(`${w.fb.baseUrl}/v25.0/act_${FB}/adimages`, { method: 'POST', body: new URLSearchParams({ bytes: png, access_token: wellKnownToken('alice') }) });
    const hash = ((await up.json()) as { images: { bytes: { hash: string } } }).images.bytes.hash;
    const name = uniq('Crash creative');
    const { job, creates } = await w.crashAfterAccept(w.fb, /\/act_\d+\/adcreatives$/, () =>
      http(w.app.url, 'POST', '/api/v1/facebook/adcreatives', {
        headers: { ...w.alice, prefer: 'respond-async' },
        body: { adAccountId: `act_${FB}`, name, type: 'VIDEO', page_id: PAGES.alice[0], video_id: '900000000000001', image_hash: hash, link: 'https://example.test/v' },
      }),
    );
    expect(job.state).toBe('completed');
    const found = w.fb.state.store.list(listKey.account(FB, 'adcreatives')).items.filter((o) => o.data.name === name);
    expect(found).toHaveLength(1);
    expect(job.result.id).toBe(found[0]!.id);
    expect(creates).toBe(1);
  }, 400_000);
});
