import { startWorld, type World } from '../../world';

/*
 * The OAuth callback is where a person's browser lands. When the gateway cannot tell where to send
 * it (no state, an unknown or tampered one, or a flow without a redirectUri), a browser still gets a
 * page in plain words, never a JSON envelope; an API client asking for JSON keeps the 400 envelope.
 */
let w: World;
beforeAll(async () => {
  w = await startWorld({ platforms: [], tenant: false });
});
afterAll(async () => {
  await w?.close();
});

const HTML = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';

describe('the OAuth callback reached by a browser with a state the gateway does not know', () => {
  it('sends the browser to the gateway’s own result page, which explains the problem in plain words', async () => {
    const cb = await fetch(`${w.app.url}/api/v1/connections/facebook/callback?state=forged-or-expired&code=abc`, { headers: { accept: HTML }, redirect: 'manual' });
    expect(cb.status).toBe(302);
    const to = new URL(cb.headers.get('location')!);
    expect(to.origin + to.pathname).toBe(`${w.app.url}/connection-result`);
    expect(to.searchParams.get('status')).toBe('error');
    expect(to.searchParams.get('platform')).toBe('facebook');

    const page = await fetch(to, { headers: { accept: HTML } });
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    const text = await page.text();
    expect(text).toContain('The connection was not completed');
    expect(text).toContain('This sign-in link is not valid');
    expect(text).not.toContain('"success"');
  });

  it('without a state at all, the browser gets the same page', async () => {
    const cb = await fetch(`${w.app.url}/api/v1/connections/tiktok/callback?auth_code=abc`, { headers: { accept: HTML }, redirect: 'manual' });
    expect(cb.status).toBe(302);
    expect(new URL(cb.headers.get('location')!).searchParams.get('platform')).toBe('tiktok');
  });

  it('an API client that asks for JSON keeps the 400 error envelope', async () => {
    const cb = await fetch(`${w.app.url}/api/v1/connections/facebook/callback?state=forged-or-expired&code=abc`, { headers: { accept: 'application/json' }, redirect: 'manual' });
    expect(cb.status).toBe(400);
    const body = (await cb.json()) as { success: boolean; error: { code: string } };
    expect(body.success).toBe(false);
    expect(body.error.code).toBe('VALIDATION_FAILED');
  });
});
