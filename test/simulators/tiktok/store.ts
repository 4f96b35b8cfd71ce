/**
 * In-memory store for one object kind (campaigns, ad groups, ads, Smart+ objects), indexed by
 * advertiser and by parent so list endpoints do O(page) work: ids are fixed-width increasing
 * strings, so per-advertiser arrays stay sorted by appending, and "newest first" is reverse order.
 */

export type OperationStatus = 'ENABLE' | 'DISABLE' | 'DELETE';

export interface Entity {
  id: string;
  advertiserId: string;
  /** Campaign id for ad groups, ad group id for ads. */
  parentId?: string;
  name: string;
  status: OperationStatus;
  /** Epoch ms; formatted on output. */
  createdAt: number;
  modifiedAt: number;
  /** Seed index: drives the deterministic defaults of fields nobody wrote. */
  ix: number;
  /** Fields set by create/update calls; they win over generated defaults. */
  data?: Record<string, unknown>;
}

interface AccountIndex<T> {
  all: T[];
  /** Not deleted, in id order. */
  live: T[];
}

export class EntityStore<T extends Entity = Entity> {
  readonly byId = new Map<string, T>();
  private readonly byAccount = new Map<string, AccountIndex<T>>();
  private readonly byParent = new Map<string, T[]>();

  add(e: T): T {
    this.byId.set(e.id, e);
    const acc = this.account(e.advertiserId);
    acc.all.push(e);
    if (e.status !== 'DELETE') acc.live.push(e);
    if (e.parentId) {
      const kids = this.byParent.get(e.parentId);
      if (kids) kids.push(e);
      else this.byParent.set(e.parentId, [e]);
    }
    return e;
  }

  get(advertiserId: string, id: string): T | undefined {
    const e = this.byId.get(id);
    return e && e.advertiserId === advertiserId ? e : undefined;
  }

  /** Sorted ascending by id. `includeDeleted` picks the full list. */
  list(advertiserId: string, includeDeleted: boolean): readonly T[] {
    const acc = this.byAccount.get(advertiserId);
    if (!acc) return [];
    return includeDeleted ? acc.all : acc.live;
  }

  children(parentId: string): readonly T[] {
    return this.byParent.get(parentId) ?? [];
  }

  setStatus(e: T, status: OperationStatus, now: number): void {
    if (e.status === status) return;
    const wasDeleted = e.status === 'DELETE';
    e.status = status;
    e.modifiedAt = now;
    if (status === 'DELETE' && !wasDeleted) {
      const live = this.account(e.advertiserId).live;
      const i = indexOfId(live, e.id);
      if (i >= 0) live.splice(i, 1);
    }
  }

  clear(): void {
    this.byId.clear();
    this.byAccount.clear();
    this.byParent.clear();
  }

  count(): number {
    return this.byId.size;
  }

  private account(advertiserId: string): AccountIndex<T> {
    let acc = this.byAccount.get(advertiserId);
    if (!acc) {
      acc = { all: [], live: [] };
      this.byAccount.set(advertiserId, acc);
    }
    return acc;
  }
}

/** Binary search in an id-sorted array (ids are equal-length digit strings). */
function indexOfId<T extends { id: string }>(arr: readonly T[], id: string): number {
  let lo = 0;
  let hi = arr.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >>> 1;
    const m = arr[mid]!.id;
    if (m === id) return mid;
    if (m < id) lo = mid + 1;
    else hi = mid - 1;
  }
  return -1;
}

/** A page of an ascending array read newest-first, plus TikTok's page_info arithmetic. */
export function pageDesc<T>(arr: readonly T[], page: number, pageSize: number): { items: T[]; pageInfo: PageInfo } {
  const total = arr.length;
  const items: T[] = [];
  const start = total - 1 - (page - 1) * pageSize;
  for (let i = start; i >= 0 && i > start - pageSize; i--) items.push(arr[i]!);
  return { items, pageInfo: pageInfo(page, pageSize, total) };
}

export interface PageInfo {
  page: number;
  page_size: number;
  total_number: number;
  total_page: number;
}

export function pageInfo(page: number, pageSize: number, total: number): PageInfo {
  return { page, page_size: pageSize, total_number: total, total_page: Math.ceil(total / pageSize) };
}
