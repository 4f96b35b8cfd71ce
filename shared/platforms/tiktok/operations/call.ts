import { dropUndefined } from '../../core/encode';

/**
 * One TikTok platform call as the operations describe it: pure data, so request building is unit
 * tested without HTTP. Paths are below the versioned base (`campaign/get/`); GET query values that
 * are arrays or objects are JSON-encoded by the TikTok wire (docs/platforms/tiktok.md §1).
 */
export interface TiktokCall {
  method: 'GET' | 'POST';
  path: string;
  query?: Record<string, unknown>;
  body?: Record<string, unknown>;
  /** A write TikTok dedupes (request_id) or that is naturally repeatable: the client may retry it. */
  idempotent?: boolean;
}

export interface PageInfo {
  page: number;
  page_size: number;
  total_number: number;
  total_page: number;
}

export const get = (path: string, query: Record<string, unknown>): TiktokCall => ({ method: 'GET', path, query: dropUndefined(query) });

export const post = (path: string, body: Record<string, unknown>, idempotent: boolean): TiktokCall => ({
  method: 'POST',
  path,
  body: dropUndefined(body),
  idempotent,
});

