import type { GNode, NodeType, SimUser } from './types';

/**
 * An edge's members in creation order, plus a name index so
 * `filtering=[{field:name,operator:EQUAL}]` (crash-safe lookups) stays O(matches).
 */
export class NodeList {
  readonly items: GNode[] = [];
  private readonly byName = new Map<string, GNode[]>();

  push(node: GNode): void {
    this.items.push(node);
    this.indexName(node);
  }

  named(name: string): GNode[] {
    return this.byName.get(name) ?? [];
  }

  rename(node: GNode, oldName: unknown): void {
    if (typeof oldName === 'string') {
      const arr = this.byName.get(oldName);
      if (arr) {
        const i = arr.indexOf(node);
        if (i >= 0) arr.splice(i, 1);
      }
    }
    this.indexName(node);
  }

  /** Index of the first item whose seq is >= the given seq (items are seq-ascending). */
  lowerBound(items: GNode[], seq: number): number {
    let lo = 0;
    let hi = items.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (items[mid]!.seq < seq) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** Seeded members form a prefix (seeding runs before any API write). */
  get seededCount(): number {
    let n = this.seededPrefix;
    while (n < this.items.length && this.items[n]!.seeded) n++;
    this.seededPrefix = n;
    return n;
  }
  private seededPrefix = 0;

  private indexName(node: GNode): void {
    const name = node.data.name;
    if (typeof name !== 'string') return;
    const arr = this.byName.get(name);
    if (arr) arr.push(node);
    else this.byName.set(name, [node]);
  }
}

/** Id blocks per type: numeric strings like the real ones, distinct prefixes so they never collide. */
const ID_PREFIX: Partial<Record<NodeType, string>> = {
  campaign: '120210',
  adset: '120211',
  ad: '120212',
  adcreative: '120213',
  customaudience: '238400',
  savedaudience: '238500',
  adspixel: '990000',
  customconversion: '991000',
  leadgenform: '870000',
  lead: '871000',
  productcatalog: '450000',
  reportrun: '602300',
};

export class Store {
  readonly nodes = new Map<string, GNode>();
  readonly lists = new Map<string, NodeList>();
  readonly users = new Map<string, SimUser>();
  readonly usersById = new Map<string, SimUser>();
  private seq = 0;
  private readonly counters = new Map<NodeType, number>();
  /** False while seeding; nodes added afterwards carry no delivery. */
  seeding = true;

  newId(type: NodeType): string {
    const n = (this.counters.get(type) ?? 0) + 1;
    this.counters.set(type, n);
    return `${ID_PREFIX[type] ?? '777000'}${String(n).padStart(12, '0')}`;
  }

  add(type: NodeType, id: string, data: Record<string, unknown>, extra: Partial<GNode> = {}, lists: string[] = []): GNode {
    const node: GNode = { id, type, seq: ++this.seq, seeded: this.seeding, data: { id, ...data }, ...extra };
    this.nodes.set(id, node);
    for (const key of lists) this.list(key).push(node);
    return node;
  }

  get(id: string): GNode | undefined {
    return this.nodes.get(id);
  }

  list(key: string): NodeList {
    let l = this.lists.get(key);
    if (!l) {
      l = new NodeList();
      this.lists.set(key, l);
    }
    return l;
  }

  /** Updates fields and keeps name indexes of every list holding the node right. */
  update(node: GNode, patch: Record<string, unknown>, listKeys: string[]): void {
    const oldName = node.data.name;
    Object.assign(node.data, patch);
    if ('name' in patch && patch.name !== oldName) for (const k of listKeys) this.lists.get(k)?.rename(node, oldName);
  }
}

/** List keys: one place that decides which edges an object appears on. */
export const listKey = {
  account: (acct: string, edge: string) => `act_${acct}/${edge}`,
  node: (id: string, edge: string) => `${id}/${edge}`,
};

/** The edges an ad object belongs to (used by create, copy and rename). */
export function adObjectLists(node: GNode): string[] {
  const acct = node.acct!;
  const d = node.data;
  switch (node.type) {
    case 'campaign':
      return [listKey.account(acct, 'campaigns')];
    case 'adset':
      return [listKey.account(acct, 'adsets'), listKey.node(String(d.campaign_id), 'adsets')];
    case 'ad':
      return [
        listKey.account(acct, 'ads'),
        listKey.node(String(d.campaign_id), 'ads'),
        listKey.node(String(d.adset_id), 'ads'),
      ];
    case 'adcreative':
      return [listKey.account(acct, 'adcreatives')];
    case 'customaudience':
      return [listKey.account(acct, 'customaudiences')];
    case 'customconversion':
      return [listKey.account(acct, 'customconversions')];
    case 'adspixel':
      return [listKey.account(acct, 'adspixels')];
    default:
      return [];
  }
}
