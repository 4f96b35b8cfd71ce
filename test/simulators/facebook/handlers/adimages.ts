import { createHash } from 'node:crypto';
import type { Ctx } from '../graph/context';
import { errors } from '../graph/errors';
import { str } from '../graph/request';
import type { GNode } from '../model/types';
import type { FacebookState } from '../state';

interface AdImage {
  hash: string;
  url: string;
  name: string;
  created_time: string;
}

/** Images per account, outside the node store: an image is addressed by its hash, not an id. */
const IMAGES = new WeakMap<FacebookState, Map<string, Map<string, AdImage>>>();

function imagesOf(state: FacebookState, acct: string): Map<string, AdImage> {
  let byAcct = IMAGES.get(state);
  if (!byAcct) IMAGES.set(state, (byAcct = new Map()));
  let m = byAcct.get(acct);
  if (!m) byAcct.set(acct, (m = new Map()));
  return m;
}

export const hasImage = (state: FacebookState, acct: string, hash: string) => imagesOf(state, acct).has(hash);

/** JPEG, PNG, GIF, BMP or TIFF by their magic bytes (the formats Meta's image upload takes). */
const IMAGE_MAGIC = [[0xff, 0xd8, 0xff], [0x89, 0x50, 0x4e, 0x47], [0x47, 0x49, 0x46], [0x42, 0x4d], [0x49, 0x49, 0x2a, 0x00], [0x4d, 0x4d, 0x00, 0x2a]];
const isImage = (b: Buffer) => IMAGE_MAGIC.some((m) => m.every((x, i) => b[i] === x));

/**
 * `POST /act_{id}/adimages bytes=<base64>` → `{ images: { bytes: { hash, url } } }`. The same bytes
 * give the same hash (the md5 of the bytes here: ASSUMED), so uploading twice is harmless.
 */
export function createAdImage(ctx: Ctx, account: GNode): unknown {
  const b64 = str(ctx.req.params, 'bytes');
  if (!b64) throw errors.paramRequired('bytes');
  const buf = Buffer.from(b64, 'base64');
  // wording ASSUMED
  if (!buf.length || !isImage(buf)) throw errors.invalidParameter('Invalid Image', 'The image file you uploaded is not a supported image format.', undefined, 'bytes');
  const hash = createHash('md5').update(buf).digest('hex');
  const images = imagesOf(ctx.state, account.acct!);
  const image = images.get(hash) ?? { hash, url: `${ctx.req.baseUrl}/images/${hash}.jpg`, name: str(ctx.req.params, 'name') ?? 'bytes', created_time: new Date().toISOString() };
  images.set(hash, image);
  return { images: { bytes: { hash: image.hash, url: image.url } } };
}

/** `GET /act_{id}/adimages[?hashes=[…]]` (one page; `hashes` filters). */
export function listAdImages(ctx: Ctx, account: GNode): unknown {
  const raw = str(ctx.req.params, 'hashes');
  const wanted = raw ? new Set(JSON.parse(raw) as string[]) : undefined;
  const data = [...imagesOf(ctx.state, account.acct!).values()].filter((i) => !wanted || wanted.has(i.hash));
  return { data: data.map((i) => ({ id: `${account.acct}:${i.hash}`, hash: i.hash, url: i.url, name: i.name, created_time: i.created_time })) };
}
