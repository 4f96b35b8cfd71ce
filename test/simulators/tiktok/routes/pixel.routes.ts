/**
 * Pixels (docs/platforms/tiktok.md §6): /pixel/list/ (list under `data.pixels`, page_size 1–20) and /pixel/event/stats/.
 */
import type express from 'express';
import { op, type SimDeps } from '../ctx';
import { hash01 } from '../../common/hash';
import type { Advertiser, Pixel } from '../state';
import { pageInfo } from '../store';
import { checkDate, formatDate, formatTime, paramError, TtError, TT_CODES } from '../wire';

const DAY = 86400_000;

export function pixelRoutes(r: express.Router, deps: SimDeps): void {
  const s = deps.state;

  r.get('/pixel/list/', op(deps, true, (ctx) => {
    const adv = ctx.advertiser();
    const { p } = ctx;
    const pixelId = p.str('pixel_id');
    const code = p.str('code');
    const name = p.str('name');
    const order = p.enumOf('order_by', ['EARLIEST_CREATE', 'LATEST_CREATE'] as const) ?? 'EARLIEST_CREATE';
    const filtering = p.obj('filtering') ?? {};
    for (const k of Object.keys(filtering)) if (k !== 'available_for_catalog_only') throw paramError(`filtering.${k}: Unknown field.`);
    const page = p.int('page', 1, 1, 1_000_000);
    const pageSize = p.int('page_size', 10, 1, 20);
    let rows = s.pixels.get(adv.id) ?? [];
    if (pixelId) rows = rows.filter((x) => x.id === pixelId);
    if (code) rows = rows.filter((x) => x.code === code);
    if (name) rows = rows.filter((x) => x.name.toLowerCase().includes(name.toLowerCase()));
    if (order === 'LATEST_CREATE') rows = [...rows].reverse();
    const pixels = rows.slice((page - 1) * pageSize, page * pageSize).map((x) => pixelRecord(x, adv));
    return { pixels, page_info: pageInfo(page, pageSize, rows.length) };
  }));

  r.get('/pixel/event/stats/', op(deps, true, (ctx) => {
    const adv = ctx.advertiser();
    const ids = ctx.p.strArr('pixel_ids', true, 10)!;
    if (ids.length === 0) throw paramError('pixel_ids: Length must be between 1 and 10.');
    // date_range is listed without a default: ASSUMED required.
    const range = ctx.p.obj('date_range');
    if (!range) throw paramError('date_range: Missing data for required field.');
    const start = checkDate('date_range.start_date', String(range.start_date ?? ''));
    const end = checkDate('date_range.end_date', String(range.end_date ?? ''));
    if (end < start) throw paramError('date_range.end_date: Must be later than or equal to start_date.');
    const days = (end - start) / DAY + 1;
    if (days > 30) throw paramError('date_range: The time span must be no more than 30 days.');
    const pixels = s.pixels.get(adv.id) ?? [];
    const list = ids.map((id) => {
      const px = pixels.find((x) => x.id === id);
      if (!px) throw new TtError(TT_CODES.NOT_FOUND, `The pixel ${id} does not exist.`);
      return {
        pixel_id: px.id,
        statistics: px.events.map((ev) => {
          let browser = 0;
          let server = 0;
          for (let d = 0; d < days; d++) {
            const day = formatDate(start + d * DAY);
            browser += Math.floor(hash01(s.seed, `${ev.id}|${day}|b`) * 400);
            server += Math.floor(hash01(s.seed, `${ev.id}|${day}|s`) * 150);
          }
          const total = browser + server;
          return {
            pixel_event_type: ev.type,
            total_count: total,
            attributed_count: Math.floor(total * 0.3),
            preview_count: 0,
            browser_event_total_count: browser,
            server_event_total_count: server,
          };
        }),
      };
    });
    return { list };
  }));
}

function pixelRecord(px: Pixel, adv: Advertiser): Record<string, unknown> {
  return {
    pixel_id: px.id,
    pixel_code: px.code,
    pixel_name: px.name,
    pixel_category: 'ONLINE',
    pixel_script: `<script>/* TikTok pixel ${px.code} (simulated) */</script>`,
    create_time: formatTime(px.createdAt),
    pixel_setup_mode: 'STANDARD',
    partner_name: '',
    advanced_matching_fields: { phone_number: false, email: true },
    automatic_advanced_matching_fields: { phone_number: true, email: true },
    enable_first_party_cookies: true,
    asset_ownership: { asset_relation_status: 'OWNER', ownership_status: 'OWNED', owner_bc_id: '' },
    events: px.events.map((ev) => ({
      event_id: ev.id,
      event_code: ev.code,
      name: ev.name,
      event_type: ev.type,
      optimization_event: ev.type,
      custom_event_type: null,
      statistic_type: ev.type === 'COMPLETE_PAYMENT' ? 'EVERY_TIME' : 'ONCE',
      currency: adv.currency,
      currency_value: ev.type === 'COMPLETE_PAYMENT' ? '1' : null,
      deprecated: false,
      rules: [],
    })),
  };
}
