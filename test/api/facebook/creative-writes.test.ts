import { listKey } from '../../simulators/facebook/model/store';
import { ACCOUNTS, PAGES } from '../../simulators/facebook';
import { useWorld } from '../../world';
import { FB_ENV } from './fixtures';

const A1: string = ACCOUNTS.alice[0];
const PAGE: string = PAGES.alice[0];
/** A 1×1 PNG. */
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';
let n = 0;
const uniq = (what: string) => `${what} ${Date.now()}-${++n}`;

describe('Meta ad images and creatives: upload an image, then build link, lead-form and video creatives from it', () => {
  const w = useWorld({ platform: 'facebook', workers: true, env: FB_ENV }, async (w) => {
    await w.connect('facebook', { adAccountId: `act_${ACCOUNTS.alice[0]}` });
  });

  const upload = () => w.call('POST', '/api/v1/facebook/adimages', { body: { adAccountId: A1, bytes: PNG } });
  const creative = (extra: Record<string, unknown>) => w.call('POST', '/api/v1/facebook/adcreatives', { body: { adAccountId: A1, name: uniq('Creative'), page_id: PAGE, ...extra } });
  const readBack = async (id: string) => (await w.call('GET', `/api/v1/facebook/creatives/${id}?adAccountId=${A1}&fields=name,object_story_spec,object_type`)).body.data;
  const form = () => w.sim.raw.state.store.list(listKey.node(PAGE, 'leadgen_forms')).items[0]!.id;

  it('uploads base64 bytes and answers the image hash; the same bytes give the same hash', async () => {
    const r = await upload();
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ message: 'Image uploaded', data: { hash: expect.stringMatching(/^[0-9a-f]{32}$/), url: expect.any(String) } });
    expect(r.body.pollUrl).toBe(`/api/v1/jobs/${r.body.jobId}`);
    expect(r.headers.get('content-location')).toBe(r.body.pollUrl);
    const [post] = (await w.sim.calls(`/act_${A1}/adimages`)).filter((c) => c.method === 'POST');
    expect(post!.body.bytes).toBe(PNG);
    expect((await upload()).body.data.hash).toBe(r.body.data.hash);
  });

  it('bytes that are not base64 → 400 naming the field; bytes that are not an image → Meta refuses', async () => {
    const bad = await w.call('POST', '/api/v1/facebook/adimages', { body: { adAccountId: A1, bytes: 'not base64!' } });
    expect(bad.status).toBe(400);
    expect(bad.body.error.details[0].path).toBe('body.bytes');
    const notImage = await w.call('POST', '/api/v1/facebook/adimages', { body: { adAccountId: A1, bytes: Buffer.from('hello world').toString('base64') } });
    expect(notImage.status).toBeGreaterThanOrEqual(400);
    expect(notImage.status).toBeLessThan(500);
  });

  it('a LINK creative from the hash reads back with its link_data', async () => {
    const hash = (await upload()).body.data.hash;
    const r = await creative({ type: 'LINK', image_hash: hash, link: 'https://example.test/shop', message: 'Hello', headline: 'Shop now' });
    expect(r.status).toBe(200);
    expect(r.body.message).toBe('Creative created');
    expect((await readBack(r.body.data.id)).object_story_spec).toMatchObject({
      page_id: PAGE, link_data: { link: 'https://example.test/shop', image_hash: hash, message: 'Hello', name: 'Shop now', call_to_action: { type: 'LEARN_MORE', value: { link: 'https://example.test/shop' } } },
    });
  });

  it('a LEAD_FORM creative carries the form in a SIGN_UP call to action', async () => {
    const hash = (await upload()).body.data.hash;
    const r = await creative({ type: 'LEAD_FORM', image_hash: hash, lead_gen_form_id: form() });
    expect(r.status).toBe(200);
    expect((await readBack(r.body.data.id)).object_story_spec.link_data).toMatchObject({ link: 'http://fb.me/', call_to_action: { type: 'SIGN_UP', value: { lead_gen_form_id: form() } } });
  });

  it('a VIDEO creative uses the video id with the image as thumbnail', async () => {
    const hash = (await upload()).body.data.hash;
    const r = await creative({ type: 'VIDEO', video_id: '900000000000001', image_hash: hash, link: 'https://example.test/v' });
    expect(r.status).toBe(200);
    const back = await readBack(r.body.data.id);
    expect(back.object_type).toBe('VIDEO');
    expect(back.object_story_spec.video_data).toMatchObject({ video_id: '900000000000001', image_hash: hash });
  });

  it.each([
    [{ type: 'LINK' }, 'body.link'],
    [{ type: 'VIDEO', link: 'https://example.test' }, 'body.video_id'],
    [{ type: 'LEAD_FORM' }, 'body.lead_gen_form_id'],
    [{ type: 'LINK', link: 'https://example.test', video_id: '1' }, 'body.video_id'],
    [{ type: 'LINK', link: 'https://example.test', image_hash: 'xyz' }, 'body.image_hash'],
  ])('%j → 400 naming %s, nothing created', async (extra, path) => {
    await w.sim.clear();
    const r = await creative({ image_hash: '0123456789abcdef0123456789abcdef', ...extra });
    expect(r.status).toBe(400);
    expect(r.body.error.details.map((d: { path: string }) => d.path)).toContain(path);
    expect(await w.sim.calls()).toHaveLength(0);
  });

  it('a Page the account does not promote, or a form of another Page → 404, nothing created', async () => {
    const hash = (await upload()).body.data.hash;
    await w.sim.clear();
    const page = await creative({ type: 'LINK', image_hash: hash, link: 'https://example.test', page_id: PAGES.bob[0] });
    expect(page.status).toBe(404);
    const foreignForm = w.sim.raw.state.store.list(listKey.node(PAGES.bob[0]!, 'leadgen_forms')).items[0]!.id;
    const lead = await creative({ type: 'LEAD_FORM', image_hash: hash, lead_gen_form_id: foreignForm });
    expect(lead.status).toBe(404);
    expect((await w.sim.calls()).filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it('an image hash the account does not have is refused by Meta (the job fails, nothing created)', async () => {
    const r = await creative({ type: 'LINK', image_hash: 'ffffffffffffffffffffffffffffffff', link: 'https://example.test' });
    expect(r.status).toBeGreaterThanOrEqual(400);
    expect(r.status).toBeLessThan(500);
    expect(JSON.stringify(r.body.error)).toContain('image');
  });
});
