import { z } from '../../../shared/infra/zod-openapi';

/* Response shapes (TikTok's own records) live in shared/platforms/tiktok/operations/objects.dto.ts. */

export const IdParams = z.object({ id: z.string().regex(/^\d{1,24}$/, 'must be a TikTok id (digits)') }).strict();

/** Errors every guarded TikTok route can answer besides the auth defaults. */
export const TIKTOK_ERRORS = [400, 403, 404, 422, 429, 502, 504];
