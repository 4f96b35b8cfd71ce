import { BlockList, isIP } from 'node:net';
import { lookup } from 'node:dns/promises';
import type { LookupFunction } from 'node:net';
import { AppError } from '../errors/app-error';

export interface ResolvedAddress {
  address: string;
  family: number;
}
export type Resolver = (host: string) => Promise<ResolvedAddress[]>;

export const systemResolver: Resolver = (host) => lookup(host, { all: true, verbatim: true });

/** Ranges no outbound request of a tenant's choosing may reach: private, loopback, link-local, shared, reserved, multicast. */
const BLOCKED_V4 = new BlockList();
const BLOCKED_V6 = new BlockList();
for (const [net, bits] of [
  ['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16], ['172.16.0.0', 12],
  ['192.0.0.0', 24], ['192.0.2.0', 24], ['192.168.0.0', 16], ['198.18.0.0', 15], ['198.51.100.0', 24],
  ['203.0.113.0', 24], ['224.0.0.0', 4], ['240.0.0.0', 4],
] as const) BLOCKED_V4.addSubnet(net, bits, 'ipv4');
// Two lists: a BlockList checks IPv4 against its IPv6 rules too (as mapped addresses).
// ::/96 holds :: and ::1; ::ffff:0:0/96 (IPv4-mapped) and 64:ff9b::/96 (NAT64) can tunnel to any IPv4.
for (const [net, bits] of [
  ['::', 96], ['::ffff:0:0', 96], ['64:ff9b::', 96], ['100::', 64], ['2001:db8::', 32], ['fc00::', 7], ['fe80::', 10], ['fec0::', 10], ['ff00::', 8],
] as const) BLOCKED_V6.addSubnet(net, bits, 'ipv6');

export function isBlockedAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return true;
  return family === 4 ? BLOCKED_V4.check(address, 'ipv4') : BLOCKED_V6.check(address, 'ipv6');
}

/** The target was refused by policy (not a network failure of the receiver). */
export class TargetRefused extends Error {
  override name = 'TargetRefused';
}

const bare = (hostname: string) => hostname.replace(/^\[|\]$/g, '').toLowerCase();

/**
 * Where a request to a URL a tenant chose may go (webhook endpoints, images fetched for an upload):
 * https only, to hosts whose every resolved address is public. Hosts in the allow-list
 * (WEBHOOK_ALLOWED_HOSTS, or the list a platform's image fetch passes from its own settings) are exempt (plain http allowed too), which is how
 * tests and the sandbox reach 127.0.0.1. Checked when an endpoint is saved and again before each attempt; the attempt then
 * connects to exactly the addresses that were checked, so a DNS answer that changes in between
 * (rebinding) cannot steer it elsewhere.
 */
export class TargetPolicy {
  private readonly exempt: Set<string>;

  constructor(allowedHosts: string, private readonly resolve: Resolver = systemResolver) {
    this.exempt = new Set(allowedHosts.split(',').map((h) => bare(h.trim())).filter(Boolean));
  }

  isExempt(hostname: string): boolean {
    return this.exempt.has(bare(hostname));
  }

  /** Shape rules only (no DNS): throws TargetRefused. */
  parse(raw: string): URL {
    let url: URL;
    try {
      url = new URL(raw);
    } catch {
      throw new TargetRefused('not a valid URL');
    }
    const exempt = this.isExempt(url.hostname);
    if (url.protocol !== 'https:' && !(exempt && url.protocol === 'http:')) throw new TargetRefused('the URL must use https');
    if (url.username || url.password) throw new TargetRefused('the URL may not carry credentials');
    if (url.hash) throw new TargetRefused('the URL may not have a fragment');
    return url;
  }

  /** The addresses to connect to, every one of them allowed; throws TargetRefused otherwise. */
  async addresses(url: URL): Promise<ResolvedAddress[]> {
    const host = bare(url.hostname);
    const literal = isIP(host);
    let found: ResolvedAddress[];
    if (literal) found = [{ address: host, family: literal }];
    else {
      try {
        found = await this.resolve(host);
      } catch {
        throw new TargetRefused(`the host ${host} does not resolve`);
      }
    }
    if (!found.length) throw new TargetRefused(`the host ${host} does not resolve`);
    if (!this.isExempt(host)) {
      const bad = found.find((a) => isBlockedAddress(a.address));
      if (bad) throw new TargetRefused(`the host ${host} resolves to a private, loopback or link-local address`);
    }
    return found;
  }

  /** For saving an endpoint or accepting a URL: a 400 naming the field. */
  async validate(raw: string, field = 'body.url', what = 'Webhook URL'): Promise<URL> {
    try {
      const url = this.parse(raw);
      // An exempt host is trusted as configured; it is still resolved at each delivery.
      if (!this.isExempt(url.hostname)) await this.addresses(url);
      return url;
    } catch (e) {
      if (e instanceof TargetRefused) throw new AppError('VALIDATION_FAILED', `${what} refused: ${e.message}`, { details: [{ path: field, message: e.message }] });
      throw e;
    }
  }
}

const policies = new Map<string, TargetPolicy>();
/** The policy for an allow-list from the configuration, built once per list (not per request). */
export function policyFor(allowedHosts: string): TargetPolicy {
  let p = policies.get(allowedHosts);
  if (!p) policies.set(allowedHosts, (p = new TargetPolicy(allowedHosts)));
  return p;
}

/** A `lookup` for http.request that answers only with addresses already checked. */
export function pinnedLookup(addresses: ResolvedAddress[]): LookupFunction {
  return (_hostname, options, callback) => {
    const cb = callback as (err: NodeJS.ErrnoException | null, address: string | ResolvedAddress[], family?: number) => void;
    if ((options as { all?: boolean }).all) cb(null, addresses);
    else cb(null, addresses[0]!.address, addresses[0]!.family);
  };
}
