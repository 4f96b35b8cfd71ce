import { http, startWorld, type TestApp } from '../world';
import { startMailBox, mailTo, type MailBox } from '../helpers/smtp';
import { createTenant, type CreatedTenant } from '../helpers/identity';
import { expectHeading, launchBrowser, linkIn, type Browser } from '../helpers/browser';

/** The pages behind the invitation and reset emails, driven in a real Chromium from the mail's own link. */
describe('invitation and password-reset pages in a browser', () => {
  let mail: MailBox;
  let app: TestApp;
  let browser: Browser;
  let owner: CreatedTenant;
  let seq = 0;

  beforeAll(async () => {
    mail = await startMailBox();
    // Tenants are made by the tests (named ones), so the world makes none.
    app = (await startWorld({ platforms: [], tenant: false, linked: true, env: { SMTP_URL: mail.url } })).app;
    browser = await launchBrowser('account-pages');
    owner = await createTenant(app, { tenantName: 'Acme Ads' });
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await app?.close();
    await mail?.close();
  });

  const invite = async () => {
    const email = `invitee-${++seq}-${Date.now()}@example.test`;
    const r = await http(app.url, 'POST', '/api/v1/tenant/invitations', { headers: { authorization: `Bearer ${owner.ownerToken}` }, body: { email, role: 'member' } });
    expect(r.status).toBe(201);
    return { email, link: linkIn((await mailTo(mail, email)).text, '/accept-invitation') };
  };
  const login = (email: string, password: string) => http(app.url, 'POST', '/api/v1/tenant/auth/login', { body: { email, password } });
  // A teammate reads these pages, not a developer: no API path or HTTP method on them.
  const API_TALK = /\/api\/|\b(GET|POST|PATCH|DELETE) \//;

  it('accepting an invitation from the emailed link creates an account that can log in', async () => {
    const { email, link } = await invite();
    expect(link.origin).toBe(app.config.PUBLIC_URL);
    const page = await browser.newPage();
    await page.goto(link.toString());
    await expectHeading(page, 'Join Acme Ads');
    await expect(page.locator('main').textContent()).resolves.toContain(email);
    await browser.screenshot(page, 'invitation-form');
    await page.getByLabel('Your name').fill('Ina Vitee');
    await page.getByLabel('Choose a password').fill('correct-horse-battery');
    await page.getByLabel('Type it again').fill('correct-horse-battery');
    await page.getByRole('button', { name: 'Create my account' }).click();
    await expectHeading(page, 'Welcome to Acme Ads');
    const welcome = (await page.locator('main').textContent()) ?? '';
    expect(welcome).toContain('Your account is ready.');
    expect(welcome).toContain(`From now on, sign in to Acme Ads with ${email} and the password you just chose, in the console.`);
    expect(await page.getByRole('link', { name: 'Open the console' }).getAttribute('href')).toBe('/console/sign-in');
    expect(welcome).not.toMatch(API_TALK);
    expect(new URL(page.url()).search).toBe('');
    await browser.screenshot(page, 'invitation-accepted');
    expect((await login(email, 'correct-horse-battery')).status).toBe(200);

    // The same link again: plain words on a page, not JSON.
    const again = await page.goto(link.toString());
    expect(again!.status()).toBe(400);
    expect(again!.headers()['content-type']).toContain('text/html');
    await expectHeading(page, 'This link is not valid');
    await expect(page.locator('main').textContent()).resolves.toContain('already used');
    await browser.screenshot(page, 'invitation-used');
    await page.close();
  });

  it('a weak or mistyped password is explained on the form and nothing is created', async () => {
    const { email, link } = await invite();
    const page = await browser.newPage();
    await page.goto(link.toString());
    await page.getByLabel('Your name').fill('Short Pass');
    // The browser's own minlength check would stop a short password first; remove it to reach the server's answer.
    await page.locator('#password').evaluate((el) => el.removeAttribute('minlength'));
    await page.getByLabel('Choose a password').fill('short');
    await page.getByLabel('Type it again').fill('shorter');
    await page.getByRole('button', { name: 'Create my account' }).click();
    await expect(page.getByRole('alert').textContent()).resolves.toContain('too short: use at least 10 characters');
    await expect(page.getByRole('alert').textContent()).resolves.toContain('not the same');
    await expect(page.getByLabel('Your name').inputValue()).resolves.toBe('Short Pass');
    await browser.screenshot(page, 'invitation-weak-password');
    expect((await login(email, 'short')).status).toBe(401);
    // The link still works after a refused attempt.
    await page.getByLabel('Choose a password').fill('a-long-enough-password');
    await page.getByLabel('Type it again').fill('a-long-enough-password');
    await page.getByRole('button', { name: 'Create my account' }).click();
    await expectHeading(page, 'Welcome to Acme Ads');
    expect((await login(email, 'a-long-enough-password')).status).toBe(200);
    await page.close();
  });

  it('resetting a password from the emailed link replaces the old one', async () => {
    // Its own tenant: a reset ends the person's sessions, and the other tests keep using the owner's.
    const user = await createTenant(app, { tenantName: 'Reset Co' });
    const forgot = await http(app.url, 'POST', '/api/v1/tenant/auth/password/forgot', { body: { email: user.email } });
    expect(forgot.status).toBe(200);
    const link = linkIn((await mailTo(mail, user.email)).text, '/reset-password');
    expect(link.origin).toBe(app.config.PUBLIC_URL);
    const page = await browser.newPage();
    await page.goto(link.toString());
    await expectHeading(page, 'Choose a new password');
    await expect(page.locator('main').textContent()).resolves.toContain(`For your Reset Co account, ${user.email}.`);
    await browser.screenshot(page, 'reset-form');
    await page.getByLabel('New password').fill('brand-new-password-1');
    await page.getByLabel('Type it again').fill('brand-new-password-1');
    await page.getByRole('button', { name: 'Save the new password' }).click();
    await expectHeading(page, 'Your password has been changed');
    const done = (await page.locator('main').textContent()) ?? '';
    expect(done).toContain('For your safety, this account was signed out everywhere.');
    expect(done).toContain(`From now on, sign in to Reset Co with ${user.email} and the password you just chose, in the console.`);
    expect(await page.getByRole('link', { name: 'Open the console' }).getAttribute('href')).toBe('/console/sign-in');
    expect(done).not.toMatch(API_TALK);
    await browser.screenshot(page, 'reset-done');
    expect((await login(user.email, 'brand-new-password-1')).status).toBe(200);
    expect((await login(user.email, user.password)).status).toBe(401);
    await page.close();
  });

  it('at 360 px wide nothing overflows, and the form works with the keyboard alone, focus visible', async () => {
    const { email, link } = await invite();
    const page = await browser.newPage();
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto(link.toString());
    expect(await page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(360);
    await browser.screenshot(page, 'invitation-form-360px');
    await page.keyboard.press('Tab');
    expect(await page.evaluate<string | undefined>('document.activeElement?.id')).toBe('name');
    expect(await page.evaluate<string>('getComputedStyle(document.activeElement).outlineStyle')).toBe('solid');
    await page.keyboard.type('Key Board');
    await page.keyboard.press('Tab');
    await page.keyboard.type('typed-with-keys-only');
    await page.keyboard.press('Tab');
    await page.keyboard.type('typed-with-keys-only');
    await page.keyboard.press('Enter');
    await expectHeading(page, 'Welcome to Acme Ads');
    expect((await login(email, 'typed-with-keys-only')).status).toBe(200);
    await page.close();
  });

  it('an unknown or incomplete link answers a page in plain words', async () => {
    const page = await browser.newPage();
    const unknown = await page.goto(`${app.url}/reset-password?token=rst_not-a-real-token`);
    expect(unknown!.status()).toBe(400);
    await expectHeading(page, 'This link is not valid');
    const bare = await page.goto(`${app.url}/accept-invitation`);
    expect(bare!.status()).toBe(400);
    await expectHeading(page, 'This link is incomplete');
    await page.close();
  });

  it('pages load no inline script and refuse framing; a form posted from another site is refused', async () => {
    const res = await fetch(`${app.url}/accept-invitation?token=x`);
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(await res.text()).not.toMatch(/<script(?![^>]*\bsrc=)/);
    const forged = await fetch(`${app.url}/reset-password`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
      body: 'token=rst_x&password=whatever-long-1&confirm=whatever-long-1',
    });
    expect(forged.status).toBe(403);
    expect(await forged.text()).toContain('Form refused');
  });
});
