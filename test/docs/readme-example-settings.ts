/**
 * What the README test needs to know about each example beyond its code: the few it does not run
 * (and why), the state a reader is told to have before one, and the answers an example shows on
 * purpose. Everything else is the README's own text.
 */
import type { SimPlatform } from '../simulators';

/** Examples that are not run, each with the reason. */
export const NOT_RUN: Record<string, string> = {
  'quick-start': 'installs dependencies and starts the sandbox on the usual ports: the test itself runs `npm run sandbox` (on free ports) and `npm test` is the suite this test is part of',
  'client-install': 'builds the client package and installs it into another project outside this repository; inside it, examples import clients/typescript/src as the README says',
  'client-regenerate': 'rewrites committed files (src/generated) or reads a remote gateway; test/clients checks the committed types match the served document',
};

export interface ExampleSettings {
  /**
   * Whose API key `$KEY` is: the sandbox's demo tenant (the key its banner prints, the default), or
   * a tenant of the example's own, set up as the sandbox sets up the demo one.
   */
  tenant?: 'demo' | 'own';
  /** What the README tells the reader they already have: ad accounts a user connected. */
  connected?: { user: string; accounts: Partial<Record<SimPlatform, string>> };
  /** Error answers the example shows on purpose (every other answer must be below 400). */
  expectedErrors?: { status: number; path: RegExp }[];
}

/**
 * The shell walk-throughs give Meta's and TikTok's seeded accounts to `alice-ext` in the demo
 * tenant, and an ad account has one owner per tenant: the typed-client examples, whose users are
 * `user-42` and `customer-42`, run in tenants of their own.
 */
const CLIENT_EXAMPLE = (user: string): ExampleSettings => ({
  tenant: 'own',
  connected: { user, accounts: { facebook: 'act_100000000000001', tiktok: '7000000000000000011' } },
});

export const SETTINGS: Record<string, ExampleSettings> = {
  'typed-client': { ...CLIENT_EXAMPLE('user-42'), expectedErrors: [{ status: 404, path: /^\/api\/v1\/jobs\/0{8}-/ }] },
  'client-authenticate': CLIENT_EXAMPLE('customer-42'),
  'client-read': CLIENT_EXAMPLE('customer-42'),
  'client-write': CLIENT_EXAMPLE('customer-42'),
  'client-paginate': CLIENT_EXAMPLE('customer-42'),
  'client-proxy': CLIENT_EXAMPLE('customer-42'),
  'client-errors': { ...CLIENT_EXAMPLE('customer-42'), expectedErrors: [{ status: 404, path: /^\/api\/v1\/jobs\// }] },
};

/**
 * Placeholders the README leaves for the reader to fill from what they received (a mail's token),
 * and how a reader of the sandbox fills them: from the mail the sandbox prints. `mail_token PREFIX`
 * is a shell function of the test waiting for that mail.
 */
export const MAIL_PLACEHOLDERS: Array<{ text: string; shell: string }> = [
  { text: 'inv_…', shell: `'"$(mail_token inv_)"'` },
  { text: 'rst_…', shell: `'"$(mail_token rst_)"'` },
];

/** The usual ports the READMEs name, and which of the sandbox's listeners each is. */
export const USUAL_PORTS: Record<number, 'gateway' | SimPlatform> = { 3000: 'gateway', 4101: 'facebook', 4102: 'tiktok', 4103: 'google', 4104: 'linkedin' };

/** The client README's placeholder host: a reader puts their gateway's URL there. */
export const PLACEHOLDER_BASE_URL = 'https://gateway.example.com';
