import type { CreateCustomConversion, CreatePixel, PixelStats } from '../dto/pixel.dto';
import { act, get, post, type GraphCall } from './graph-call';

export const createPixelCall = (accountId: string, b: CreatePixel): GraphCall => post(`${act(accountId)}/adspixels`, { name: b.name });

const unix = (iso: string | undefined) => (iso ? Math.floor(Date.parse(iso) / 1000) : undefined);

/** `GET /{pixel}/stats?aggregation&start_time&end_time` (docs/platforms/facebook.md §3; times as unix seconds). */
export const pixelStatsCall = (pixelId: string, q: PixelStats): GraphCall =>
  get(`${pixelId}/stats`, { aggregation: q.aggregation, start_time: unix(q.startTime), end_time: unix(q.endTime) });

/** Everything the Dataset Quality API reports for web events (docs/platforms/facebook.md §3). */
export const DATASET_QUALITY_FIELDS =
  'web{event_name,event_match_quality{composite_score,match_key_feedback{identifier,coverage{percentage}},diagnostics},' +
  'event_coverage{percentage,goal_percentage},dedupe_key_feedback,data_freshness{upload_frequency},acr{percentage},event_potential_aly_acr_increase}';

/** `GET /dataset_quality?dataset_id=` — a root path, not an edge of the pixel (docs/platforms/facebook.md §3). */
export const datasetQualityCall = (pixelId: string, agentName?: string): GraphCall =>
  get('dataset_quality', { dataset_id: pixelId, agent_name: agentName, fields: DATASET_QUALITY_FIELDS });

/** `POST /act_{id}/customconversions`; the rule travels as a JSON string. */
export const createCustomConversionCall = (accountId: string, b: CreateCustomConversion): GraphCall =>
  post(`${act(accountId)}/customconversions`, {
    name: b.name,
    description: b.description,
    event_source_id: b.event_source_id,
    custom_event_type: b.custom_event_type,
    rule: JSON.stringify(b.rule),
    default_conversion_value: b.default_conversion_value,
    action_source_type: b.action_source_type,
  });
