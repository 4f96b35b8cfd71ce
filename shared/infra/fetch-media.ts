import http from 'node:http';
import https from 'node:https';
import { pinnedLookup, policyFor, TargetRefused, type TargetPolicy } from './outbound-target';

/** Why a media URL could not be used, in words for the person who gave it. */
export class MediaRefused extends Error {
  override name = 'MediaRefused';
}

export interface FetchedMedia {
  bytes: Buffer;
  contentType: string;
}

/** File signatures of the image types a platform may take (the caller says which it takes). */
const IMAGE_MAGIC: Array<[string, number[]]> = [
  ['image/jpeg', [0xff, 0xd8, 0xff]],
  ['image/png', [0x89, 0x50, 0x4e, 0x47]],
  ['image/gif', [0x47, 0x49, 0x46, 0x38]],
  ['image/bmp', [0x42, 0x4d]],
  ['image/tiff', [0x49, 0x49, 0x2a, 0x00]],
  ['image/tiff', [0x4d, 0x4d, 0x00, 0x2a]],
];

const imageTypeOf = (b: Buffer): string | undefined => IMAGE_MAGIC.find(([, sig]) => sig.every((x, i) => b[i] === x))?.[0];

/**
 * GETs an image a tenant named by URL, for re-upload to a platform. The URL passes the same rules as
 * a webhook endpoint (https, public addresses only, unless its host is allowed), and the request
 * connects to exactly the addresses that were checked. Redirects are refused, not followed (their
 * target would escape the check). At most `maxBytes` are read within `timeoutMs`, and the body must
 * be an image of one of the `accept`ed types by its own first bytes, whatever the server says it is.
 */
export async function fetchImage(raw: string, o: { allowedHosts: string; maxBytes: number; timeoutMs: number; accept: { types: readonly string[]; label: string } }): Promise<FetchedMedia> {
  const policy = policyFor(o.allowedHosts);
  let url: URL;
  let addresses: Awaited<ReturnType<TargetPolicy['addresses']>>;
  try {
    url = policy.parse(raw);
    addresses = await policy.addresses(url);
  } catch (e) {
    if (e instanceof TargetRefused) throw new MediaRefused(e.message);
    throw e;
  }
  const bytes = await get(url, addresses, o);
  const type = imageTypeOf(bytes);
  if (!type || !o.accept.types.includes(type)) throw new MediaRefused(`the URL did not answer with a ${o.accept.label} image`);
  return { bytes, contentType: type };
}

function get(url: URL, addresses: Parameters<typeof pinnedLookup>[0], o: { maxBytes: number; timeoutMs: number }): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    let settled = false;
    const fail = (why: string) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      req.destroy();
      reject(new MediaRefused(why));
    };
    const lib = url.protocol === 'https:' ? https : http;
    const req = lib.request(url, { method: 'GET', agent: false, lookup: pinnedLookup(addresses), headers: { accept: 'image/*', 'user-agent': 'ads-accounts-gateway-media/1' } });
    const timer = setTimeout(() => fail(`no complete answer within ${o.timeoutMs} ms`), o.timeoutMs);
    req.on('response', (res) => {
      const status = res.statusCode ?? 0;
      if (status >= 300 && status < 400) return fail(`the URL redirects (${status}); give the image's own address`);
      if (status < 200 || status >= 300) return fail(`the URL answered ${status}`);
      const declared = Number(res.headers['content-length'] ?? 0);
      if (declared > o.maxBytes) return fail(`the image is larger than ${o.maxBytes} bytes`);
      const chunks: Buffer[] = [];
      let seen = 0;
      res.on('data', (c: Buffer) => {
        seen += c.length;
        if (seen > o.maxBytes) return fail(`the image is larger than ${o.maxBytes} bytes`);
        chunks.push(c);
      });
      res.on('end', () => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        resolve(Buffer.concat(chunks));
      });
      res.on('error', (e) => fail(`the download failed: ${e.message}`));
    });
    req.on('error', (e) => fail(`the URL could not be reached: ${e.message}`));
    req.end();
  });
}
