import { http, startWorld, type TestApp, type World } from '../../world';
import { trackSecret, type CreatedTenant } from '../../helpers/identity';

/**
 * The Connect page speaks the end user's language: the session's `locale` when the gateway has it
 * (by its language subtag), else the browser's Accept-Language, else English. Pages carry the
 * language in `<html lang>`.
 */
describe('the Connect page in the session’s or the browser’s language', () => {
  let w: World<'facebook'>;
  let app: TestApp;
  let t: CreatedTenant;

  beforeAll(async () => {
    w = await startWorld({ platform: 'facebook', linked: true });
    ({ app, tenant: t } = w);
  }, 60_000);
  afterAll(async () => {
    await w?.close();
  });

  const visit = (path: string, headers: Record<string, string> = {}) => fetch(path.startsWith('http') ? path : `${app.url}${path}`, { redirect: 'manual', headers });
  const open = async (locale?: string) => {
    const r = await http(app.url, 'POST', '/api/v1/connect/sessions', { headers: { 'x-api-key': t.apiKey }, body: { externalUserId: 'locale-user', ...(locale ? { locale } : {}) } });
    expect(r.status).toBe(201);
    trackSecret(r.body.data.token);
    const first = await visit(r.body.data.url);
    expect(first.status).toBe(303);
    return { url: r.body.data.url as string, cookie: (first.headers.get('set-cookie') ?? '').split(';')[0]! };
  };
  const page = async (res: Response) => {
    const text = await res.text();
    return { lang: /<html lang="([^"]+)"/.exec(text)?.[1], h1: /<h1[^>]*>([^<]*)<\/h1>/.exec(text)?.[1], text };
  };

  it('a session made with locale fr-CA shows the page in French, whatever the browser asks', async () => {
    const { cookie } = await open('fr-CA');
    const p = await page(await visit('/connect', { cookie, 'accept-language': 'es-ES,es;q=0.9' }));
    expect(p.lang).toBe('fr');
    expect(p.h1).toBe('Connectez vos comptes publicitaires');
    expect(p.text).toContain('Continuer avec Meta');
  });

  it('a locale the gateway has no words for gives way to the browser’s language (Spanish), else English', async () => {
    const { cookie } = await open('ja-JP');
    const es = await page(await visit('/connect', { cookie, 'accept-language': 'es-ES,es;q=0.9,en;q=0.5' }));
    expect([es.lang, es.h1]).toEqual(['es', 'Conecta tus cuentas publicitarias']);
    const en = await page(await visit('/connect', { cookie }));
    expect([en.lang, en.h1]).toEqual(['en', 'Connect your ad accounts']);
  });

  it('problem pages speak it too: a link opened a second time, in the session’s French; an unknown link, in the browser’s Spanish', async () => {
    const { url } = await open('fr');
    const again = await visit(url);
    expect(again.status).toBe(410);
    const used = await page(again);
    expect([used.lang, used.h1]).toEqual(['fr', 'Ce lien a déjà été utilisé']);
    expect(used.text).toContain('relancez la connexion');

    const unknown = await visit('/connect/not-a-real-token-at-all-0000000000', { 'accept-language': 'es' });
    expect(unknown.status).toBe(404);
    const p = await page(unknown);
    expect([p.lang, p.h1]).toEqual(['es', 'Este enlace no es válido']);
  });

  it('without a locale or an Accept-Language the page is English, as before', async () => {
    const { cookie } = await open();
    const p = await page(await visit('/connect', { cookie }));
    expect([p.lang, p.h1]).toEqual(['en', 'Connect your ad accounts']);
  });
});
