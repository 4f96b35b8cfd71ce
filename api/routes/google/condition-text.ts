import type { BuilderScalar } from '../../../shared/platforms/google/gaql/builder';

/*
 * The structured GAQL form as plain strings, so any client can send it as repeated query
 * parameters: `where=campaign.status = ENABLED&where=metrics.clicks > 10`, `orderBy=metrics.clicks DESC`.
 * Values are still quoted by the builder: the text here is only split, never pasted into GAQL.
 */

const OPERATOR =
  /^\s*([A-Za-z0-9_.]+)\s*(NOT\s+IN|NOT\s+LIKE|NOT\s+REGEXP_MATCH|IS\s+NOT\s+NULL|IS\s+NULL|CONTAINS\s+ANY|CONTAINS\s+ALL|CONTAINS\s+NONE|REGEXP_MATCH|LIKE|IN|BETWEEN|DURING|!=|>=|<=|=|>|<)(?:\s+|(?=[^A-Za-z_])|$)(.*)$/is;
const LIST_OPS = new Set(['IN', 'NOT IN', 'CONTAINS ANY', 'CONTAINS ALL', 'CONTAINS NONE']);

/** One value as written: quoted → that string; integer → bigint (int64 ids stay exact); number; TRUE/FALSE; else the bare word. */
function scalar(raw: string): BuilderScalar {
  const t = raw.trim();
  const quoted = /^'(.*)'$/s.exec(t) ?? /^"(.*)"$/s.exec(t);
  if (quoted) return quoted[1]!;
  if (/^-?\d{1,19}$/.test(t)) return BigInt(t);
  if (/^-?\d+\.\d+$/.test(t)) return Number(t);
  if (/^true$/i.test(t)) return true;
  if (/^false$/i.test(t)) return false;
  return t;
}

/** Splits `a, 'b,c', d` at commas outside quotes. */
function splitList(raw: string): string[] {
  const out: string[] = [];
  let cur = '';
  let quote: string | undefined;
  for (const ch of raw) {
    if (quote) {
      if (ch === quote) quote = undefined;
    } else if (ch === "'" || ch === '"') quote = ch;
    else if (ch === ',') {
      out.push(cur);
      cur = '';
      continue;
    }
    cur += ch;
  }
  out.push(cur);
  return out.map((s) => s.trim()).filter(Boolean);
}

/** `field op value` → `{ field, op, value }`, or undefined when the text has no known operator. */
export function conditionFromText(text: string): { field: string; op: string; value?: BuilderScalar | BuilderScalar[] } | undefined {
  const m = OPERATOR.exec(text);
  if (!m) return undefined;
  const field = m[1]!;
  const op = m[2]!.replace(/\s+/g, ' ').toUpperCase();
  const rest = m[3]!.trim();
  if (op === 'IS NULL' || op === 'IS NOT NULL') return rest ? undefined : { field, op };
  if (!rest) return undefined;
  if (LIST_OPS.has(op)) return { field, op, value: splitList(rest.replace(/^\((.*)\)$/s, '$1')).map(scalar) };
  if (op === 'BETWEEN') {
    const parts = /^(.+?)\s+AND\s+(.+)$/is.exec(rest);
    return parts ? { field, op, value: [scalar(parts[1]!), scalar(parts[2]!)] } : undefined;
  }
  if (op === 'DURING') return { field, op, value: rest.toUpperCase() };
  return { field, op, value: scalar(rest) };
}

/** `metrics.clicks DESC` → `{ field, dir }`. */
export function orderFromText(text: string): { field: string; dir?: string } {
  const [field, dir] = text.trim().split(/\s+/);
  return dir ? { field: field ?? '', dir } : { field: field ?? '' };
}
