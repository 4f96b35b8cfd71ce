import { z } from '../../../shared/infra/zod-openapi';
import { entityId } from '../../../shared/platforms/linkedin/operations/common.dto';

/* Response shapes (LinkedIn's own records) live in shared/platforms/linkedin/operations/records.dto.ts. */

export const GroupIdParams = z.object({ id: entityId('group', 'Campaign group') }).strict();
export const CampaignIdParams = z.object({ id: entityId('campaign', 'Campaign') }).strict();

/** Errors every guarded LinkedIn route can answer besides the auth defaults. */
export const LINKEDIN_ERRORS = [400, 403, 404, 422, 429, 502, 504];

export const TAGS = ['LinkedIn'];
