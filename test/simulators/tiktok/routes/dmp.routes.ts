/**
 * DMP custom audiences, an endpoint the gateway does not wrap (its proxy reaches it):
 * `GET /dmp/custom_audience/list/` (https://business-api.tiktok.com/portal/docs?id=1739940506015746),
 * `advertiser_id`, `page`, `page_size` (1–100); answers `{ list, page_info }`.
 */
import type express from 'express';
import { op, type SimDeps } from '../ctx';
import { pageInfo } from '../store';

/** Three audiences per advertiser, derived from its id so they are stable. */
function audiencesOf(advertiserId: string) {
  return ['Site visitors', 'Customer file', 'Lookalike 1%'].map((name, i) => ({
    custom_audience_id: `${advertiserId.slice(-6)}00${i + 1}`,
    name,
    audience_type: i === 2 ? 'Lookalike Audience' : 'Customer File Audience',
    cover_num: 1000 * (i + 1),
    is_valid: true,
    create_time: '2025-01-01 00:00:00',
  }));
}

export function dmpRoutes(r: express.Router, deps: SimDeps): void {
  r.get('/dmp/custom_audience/list/', op(deps, true, (ctx) => {
    const adv = ctx.advertiser();
    const page = ctx.p.int('page', 1, 1, 1_000_000);
    const pageSize = ctx.p.int('page_size', 10, 1, 100);
    const rows = audiencesOf(adv.id);
    return { list: rows.slice((page - 1) * pageSize, page * pageSize), page_info: pageInfo(page, pageSize, rows.length) };
  }));
}
