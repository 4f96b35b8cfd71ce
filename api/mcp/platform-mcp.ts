import type { RouteInput } from './route-call';
import type { ToolSpec } from './tool-kit';

/**
 * What one platform gives the MCP tools: which of its REST routes each tool runs, and how the
 * tool's arguments map onto that route's parameters. Each platform's route folder exports one
 * (`api/routes/<platform>/mcp.ts`), listed in `./platforms.ts`; the tools hold no platform names.
 */
export interface PlatformMcp {
  /** The platform's own names of the unified levels, where they differ (LinkedIn's campaign groups are its campaigns). */
  levelNames?: Partial<Record<Level, string>>;
  /** Tools of this platform alone (a query language of its own), listed after the common ones. */
  tools?: readonly ToolSpec[];
  lists: Record<Level, ListTarget>;
  /** Status routes by level; a level without one has no status change on the platform. */
  status: Partial<Record<Level, StatusTarget>>;
  budget: BudgetTarget;
  /** Absent: campaigns are not created through MCP on this platform. */
  create?: CreateTarget;
}

export type Level = 'campaign' | 'adset' | 'ad';

export interface ListArgs {
  adAccountId: string;
  status?: string;
  limit?: number;
  cursor?: string;
}

/** One list route, and how the tool's paging and status filter map onto its query. */
export interface ListTarget {
  operationId: string;
  /** What the tool's status filter is on this platform (for its description); absent: no filter. */
  statusFilter?: string;
  query: (a: ListArgs) => Record<string, unknown>;
  /** The cursor of the next page in the route's answer (null on the last page). */
  next: (data: Record<string, unknown>, a: ListArgs) => string | null;
}

export interface StatusTarget {
  operationId: string;
  input: (a: { adAccountId: string; id: string; status: string }) => RouteInput;
}

export type BudgetLevel = Exclude<Level, 'ad'>;

/** The budget route of each level, the budget fields of its body (the route's own), and where the object's id goes. */
export interface BudgetTarget {
  routes: Partial<Record<BudgetLevel, string>>;
  fields: readonly string[];
  /** What the fields are, for the tool's description of them. */
  unit: string;
  input: (a: { adAccountId: string; level: BudgetLevel; id: string }, fields: Record<string, unknown>) => RouteInput;
}

/** The create route, and the status field that keeps a new campaign from delivering. */
export interface CreateTarget {
  operationId: string;
  /** What is created, for the tool's description. */
  what: string;
  statusKey: string;
  /** The value asked for when the arguments name no status; absent when the platform already creates paused. */
  paused?: string;
}

/** A value at `path` in a route's answer. */
export const at = (v: unknown, ...path: string[]): unknown => path.reduce<unknown>((o, k) => (o && typeof o === 'object' ? (o as Record<string, unknown>)[k] : undefined), v);

/** A non-empty string, else null (a cursor absent on the last page). */
export const text = (v: unknown): string | null => (typeof v === 'string' && v ? v : null);

/** A write route addressed by the object's id in its path, the account and the rest in its body. */
export const statusByPathId = (operationId: string, param = 'id'): StatusTarget => ({
  operationId,
  input: ({ adAccountId, id, status }) => ({ params: { [param]: id }, body: { adAccountId, status } }),
});

export const budgetByPathId =
  (param: string): BudgetTarget['input'] =>
  ({ adAccountId, id }, fields) => ({ params: { [param]: id }, body: { adAccountId, ...fields } });
