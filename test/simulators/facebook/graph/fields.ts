import { errors } from './errors';

/** Parsed `fields=`: name → nested selection (null when no braces). */
export type FieldSel = Map<string, FieldSel | null>;

/** Parses `id,name,creative{id,name},targeting{geo_locations{countries}}`; drops `.limit(5)`-style modifiers. */
export function parseFields(raw: string | undefined): FieldSel | undefined {
  if (raw === undefined || raw.trim() === '') return undefined;
  let i = 0;
  const parseList = (): FieldSel => {
    const sel: FieldSel = new Map();
    let name = '';
    let depth = 0;
    const flush = (nested: FieldSel | null) => {
      const clean = name.trim().replace(/\..*$/, '');
      if (clean) sel.set(clean, nested);
      name = '';
    };
    while (i < raw.length) {
      const c = raw[i++]!;
      if (c === '(') depth++;
      else if (c === ')') depth--;
      if (depth > 0 || c === ')') {
        name += c;
        continue;
      }
      if (c === ',') flush(null);
      else if (c === '{') {
        const nameBefore = name;
        name = '';
        const nested = parseList();
        name = nameBefore;
        flush(nested);
        // skip a comma directly after a closing brace
        if (raw[i] === ',') i++;
      } else if (c === '}') {
        flush(null);
        return sel;
      } else name += c;
    }
    flush(null);
    return sel;
  };
  const sel = parseList();
  if (sel.size === 0) throw errors.paramInvalid('fields', 'must be a non-empty list of fields');
  return sel;
}

export function selOf(names: readonly string[]): FieldSel {
  return new Map(names.map((n) => [n, null]));
}

/** Picks keys of a plain value by a nested selection (objects and arrays of objects). */
export function pickPlain(value: unknown, sel: FieldSel | null): unknown {
  if (!sel || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((v) => pickPlain(v, sel));
  const out: Record<string, unknown> = {};
  for (const [k, nested] of sel) {
    const v = (value as Record<string, unknown>)[k];
    if (v !== undefined && v !== null) out[k] = pickPlain(v, nested);
  }
  return out;
}
