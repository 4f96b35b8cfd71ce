import type { Client } from 'openapi-fetch';
import type { components, paths } from './generated/openapi';
import { successOf } from './results';

export type ReportQuery = NonNullable<paths['/api/v1/reports']['get']['parameters']['query']>;
export type ReportRow = components['schemas']['ReportRowDto'];
export type ReportPage = components['schemas']['ReportPageDto'];

/**
 * Every page of a report (`GET /api/v1/reports`), following `nextCursor` until the last page. Each
 * page has its rows, and the report's per-currency `totals` and per-account `errors` (the same on
 * every page), e.g.
 * `for await (const page of pageReport(gw, { from: '2026-11-01', to: '2026-11-07', level: 'campaign' })) …`.
 */
export async function* pageReport(client: Client<paths>, query: Omit<ReportQuery, 'cursor'>): AsyncGenerator<ReportPage, void, undefined> {
  let cursor: string | undefined;
  const seen = new Set<string>();
  do {
    const { data } = await successOf(
      client.GET('/api/v1/reports', { params: { query: { ...query, ...(cursor ? { cursor } : {}) } as ReportQuery }, headers: { accept: 'application/json' } }),
    );
    // Asked for JSON: the envelope, not the CSV alternative.
    const page = (data as { data: ReportPage }).data;
    yield page;
    cursor = page.nextCursor ?? undefined;
    // A cursor seen before would loop forever.
    if (cursor !== undefined && seen.has(cursor)) return;
    if (cursor !== undefined) seen.add(cursor);
  } while (cursor !== undefined);
}

/** Every row of a report, page after page. */
export async function* reportRows(client: Client<paths>, query: Omit<ReportQuery, 'cursor'>): AsyncGenerator<ReportRow, void, undefined> {
  for await (const page of pageReport(client, query)) yield* page.rows;
}
