import { z } from 'zod';
import { AppError } from '../../../errors/app-error';
import { fetchImage, MediaRefused } from '../../../infra/fetch-media';
import { defineWriteOperation, type WriteContext, type WriteOperation } from '../../core/write-operation';
import { CreateAdCreativeDto, UploadAdImageDto } from '../dto/creative.dto';
import { facebookConfig } from '../config';
import { createAdCreativeCall, uploadImageCall } from './creatives';
import { accountId, callerOf } from './write-operations';
import { createNamed, creativesLookup, NAME_MAX } from './create-lookup';


/** The files Meta takes as ad images (https://developers.facebook.com/docs/marketing-api/reference/ad-image/). */
const AD_IMAGE_TYPES = { types: ['image/jpeg', 'image/png', 'image/gif', 'image/bmp', 'image/tiff'], label: 'JPEG, PNG, GIF, BMP or TIFF' };

/**
 * Meta's adimages edge takes only the file itself (`bytes`), so an image given by URL is fetched here,
 * in the job, under the outbound address rules; what the URL answered decides, as a 400 naming `url`.
 */
async function fetched(ctx: WriteContext, url: string): Promise<string> {
  const c = facebookConfig(ctx.config);
  try {
    const media = await fetchImage(url, { allowedHosts: c.MEDIA_FETCH_ALLOWED_HOSTS, maxBytes: c.MEDIA_FETCH_MAX_BYTES, timeoutMs: c.MEDIA_FETCH_TIMEOUT_MS, accept: AD_IMAGE_TYPES });
    return media.bytes.toString('base64');
  } catch (e) {
    if (e instanceof MediaRefused) throw new AppError('VALIDATION_FAILED', `The image URL could not be used: ${e.message}`, { details: [{ path: 'body.url', message: e.message }] });
    throw e;
  }
}

// Exactly-once: none needed — an image is addressed by its content hash, so uploading the same bytes again answers the same hash and adds nothing.
export const uploadImage = defineWriteOperation({
  name: 'facebook.upload-image',
  platform: 'facebook',
  kind: 'create',
  exactlyOnce: { idempotencyKey: 'the image bytes: Meta names an image by its content hash' },
  params: z.object({ image: UploadAdImageDto }),
  run: async (ctx, { image }) => {
    const bytes = image.bytes ?? (await fetched(ctx, image.url!));
    const r = await callerOf(ctx).call<{ images?: Record<string, { hash?: string; url?: string }> }>(uploadImageCall(accountId(ctx), { bytes, name: image.name }));
    const first = Object.values(r?.images ?? {})[0];
    if (!first?.hash) throw new AppError('PLATFORM_UNAVAILABLE', 'Meta did not return the image hash');
    return { hash: first.hash, url: first.url ?? '' };
  },
});

// Exactly-once: lookup — a crash retry pages /act_{id}/adcreatives (no filtering there) for a creative of the same name and story before creating.
export const createCreative = defineWriteOperation({
  name: 'facebook.create-creative',
  platform: 'facebook',
  kind: 'create',
  exactlyOnce: { lookup: 'the name and story spec in act_{id}/adcreatives (creatives have no created time)' },
  params: z.object({ creative: CreateAdCreativeDto }),
  run: (ctx, { creative }) =>
    createNamed(ctx, 'creative', callerOf(ctx), createAdCreativeCall(accountId(ctx), creative), creativesLookup(accountId(ctx)), NAME_MAX.object),
});

export const facebookCreativeWriteOperations: readonly WriteOperation[] = [uploadImage, createCreative];
