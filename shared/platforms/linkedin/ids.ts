/** LinkedIn ids and URNs: numeric ids in bodies and paths, URNs for references (docs/platforms/linkedin.md). */

export const URN_KIND = {
  account: 'sponsoredAccount',
  group: 'sponsoredCampaignGroup',
  campaign: 'sponsoredCampaign',
  creative: 'sponsoredCreative',
} as const;
export type UrnKind = keyof typeof URN_KIND;

export const urnOf = (kind: UrnKind, id: string | number) => `urn:li:${URN_KIND[kind]}:${id}`;

const DIGITS = /^\d{1,19}$/;

/**
 * The numeric id from `123`, `urn:li:<kind>:123`, or that URN percent-encoded (as Rest.li paths
 * carry it); null when the input is neither.
 */
export function idOf(kind: UrnKind, raw: string): string | null {
  let s = raw.trim();
  if (/%3A/i.test(s)) {
    try {
      s = decodeURIComponent(s);
    } catch {
      return null;
    }
  }
  const prefix = `urn:li:${URN_KIND[kind]}:`;
  if (s.startsWith(prefix)) s = s.slice(prefix.length);
  if (!DIGITS.test(s)) return null;
  const n = s.replace(/^0+(?=\d)/, '');
  return n === '0' ? null : n;
}

/** Ad account ids are stored as the bare number. */
export const normalizeLinkedinAccountId = (raw: string): string | null => idOf('account', raw);
