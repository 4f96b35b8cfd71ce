import { z } from '../../../shared/infra/zod-openapi';

/* Response shapes: data keeps TikTok's own shapes (API.md §7). */

export const PageInfoDto = z
  .object({ page: z.number().int(), page_size: z.number().int(), total_number: z.number().int(), total_page: z.number().int() })
  .openapi('TiktokPageInfoDto');

export const TiktokListDto = z
  .object({ list: z.array(z.record(z.unknown())), page_info: PageInfoDto })
  .openapi('TiktokListDto');

export const TiktokObjectDto = z.record(z.unknown()).openapi('TiktokObjectDto');

export const JobAcceptedDto = z
  .object({ jobId: z.string(), status: z.string(), pollUrl: z.string() })
  .openapi('TiktokJobAcceptedDto', { description: 'With `Prefer: respond-async`, or when the wait runs out (202)' });

export const IdParams = z.object({ id: z.string().regex(/^\d{1,24}$/, 'must be a TikTok id (digits)') }).strict();

/** Errors every guarded TikTok route can answer besides the auth defaults. */
export const TIKTOK_ERRORS = [400, 403, 404, 422, 429, 502, 504];
