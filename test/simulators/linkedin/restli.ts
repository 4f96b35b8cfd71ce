/**
 * Rest.li 2.0 query syntax as LinkedIn parses it (docs/platforms/linkedin.md, "Rest.li 2.0 encoding"):
 * `List(a,b)`, `(key:value)`, nesting, percent-encoded leaves and literal structural characters.
 * The query string is read raw (Express would percent-decode it first and lose the difference
 * between a structural `,` and an encoded `%2C`). Written independently of the gateway's encoder,
 * so the two check each other.
 */
import type { Request } from 'express';
import { LiError } from './wire';

export type RestliValue = string | RestliValue[] | { [key: string]: RestliValue };

export class RestliSyntaxError extends Error {}

/** Decodes one raw (still percent-encoded) query value. */
export function decodeRestli(raw: string): RestliValue {
  const p = new Parser(raw);
  const v = p.value(true);
  if (!p.done()) throw new RestliSyntaxError(`unexpected '${raw[p.pos]}' at ${p.pos}`);
  return v;
}

class Parser {
  pos = 0;
  constructor(private readonly s: string) {}

  done(): boolean {
    return this.pos >= this.s.length;
  }

  value(top = false): RestliValue {
    if (this.s.startsWith('List(', this.pos)) {
      this.pos += 5;
      return this.items(')', () => this.value());
    }
    if (this.s[this.pos] === '(') {
      this.pos += 1;
      const out: Record<string, RestliValue> = {};
      this.items(')', () => {
        const key = this.leaf(':,)');
        if (this.s[this.pos] !== ':') throw new RestliSyntaxError(`expected ':' after key ${key}`);
        this.pos += 1;
        out[key] = this.value();
        return key;
      });
      return out;
    }
    return this.leaf(top ? '' : ',)');
  }

  /** Comma-separated items up to `close`; an empty `List()` / `()` is allowed. */
  private items<T>(close: string, item: () => T): T[] {
    const out: T[] = [];
    if (this.s[this.pos] === close) {
      this.pos += 1;
      return out;
    }
    for (;;) {
      out.push(item());
      const c = this.s[this.pos];
      this.pos += 1;
      if (c === close) return out;
      if (c !== ',') throw new RestliSyntaxError(c === undefined ? `missing '${close}'` : `unexpected '${c}' at ${this.pos - 1}`);
    }
  }

  /** A leaf up to one of `stops` (or the end): structural characters inside it must be encoded. */
  private leaf(stops: string): string {
    const start = this.pos;
    while (!this.done() && !stops.includes(this.s[this.pos]!)) {
      const c = this.s[this.pos]!;
      if (stops !== '' && (c === '(' || c === ':')) throw new RestliSyntaxError(`unencoded '${c}' in a value at ${this.pos}`);
      this.pos += 1;
    }
    try {
      return decodeURIComponent(this.s.slice(start, this.pos));
    } catch {
      throw new RestliSyntaxError(`bad percent-encoding at ${start}`);
    }
  }
}

const illegal = (message: string) => new LiError(400, 'ILLEGAL_ARGUMENT', message);

/** The raw query: the URL's, or a tunnelled GET's form body (set by the tunnelling middleware). */
export function rawQuery(req: Request): string {
  const tunnelled = (req as Request & { tunnelledQuery?: string }).tunnelledQuery;
  if (tunnelled !== undefined) return tunnelled;
  const url = req.originalUrl;
  const i = url.indexOf('?');
  return i < 0 ? '' : url.slice(i + 1);
}

/** Query parameters of one call, decoded on demand with LinkedIn's error for a bad one. */
export class RestliParams {
  private readonly raw = new Map<string, string>();

  constructor(query: string) {
    for (const part of query.split('&')) {
      if (!part) continue;
      const eq = part.indexOf('=');
      const key = safeDecode(eq < 0 ? part : part.slice(0, eq));
      if (!this.raw.has(key)) this.raw.set(key, eq < 0 ? '' : part.slice(eq + 1));
    }
  }

  has(name: string): boolean {
    return this.raw.has(name);
  }

  names(): string[] {
    return [...this.raw.keys()];
  }

  value(name: string): RestliValue | undefined {
    const raw = this.raw.get(name);
    if (raw === undefined) return undefined;
    try {
      return decodeRestli(raw);
    } catch (e) {
      throw illegal(`Invalid value for param ${name}: ${(e as Error).message}`);
    }
  }

  str(name: string, required = false): string | undefined {
    const v = this.value(name);
    if (v === undefined || v === '') {
      if (required) throw illegal(`Missing required param ${name}`);
      return undefined;
    }
    if (typeof v !== 'string') throw illegal(`Invalid value for param ${name}`);
    return v;
  }

  list(name: string): string[] | undefined {
    const v = this.value(name);
    if (v === undefined) return undefined;
    if (!Array.isArray(v) || v.some((x) => typeof x !== 'string')) throw illegal(`Invalid value for param ${name}: expected List(...)`);
    return v as string[];
  }

  obj(name: string): Record<string, RestliValue> | undefined {
    const v = this.value(name);
    if (v === undefined) return undefined;
    if (typeof v !== 'object' || Array.isArray(v)) throw illegal(`Invalid value for param ${name}: expected (key:value)`);
    return v;
  }

  /** An enum, bare (`CAMPAIGN`) or in the union form LinkedIn's own links use (`(value:CAMPAIGN)`). */
  enumOf<T extends string>(name: string, allowed: readonly T[], required = false): T | undefined {
    let v = this.value(name);
    if (v && typeof v === 'object' && !Array.isArray(v) && typeof v.value === 'string') v = v.value;
    if (v === undefined || v === '') {
      if (required) throw illegal(`Missing required param ${name}`);
      return undefined;
    }
    if (typeof v !== 'string' || !allowed.includes(v as T)) throw illegal(`Invalid value for param ${name}`);
    return v as T;
  }

  int(name: string, dflt: number, min: number, max: number, tooLarge?: string): number {
    const s = this.str(name);
    if (s === undefined) return dflt;
    const n = Number(s);
    if (!Number.isInteger(n) || n < min) throw illegal(`Invalid value for param ${name}`);
    if (n > max) throw illegal(tooLarge ?? `Invalid value for param ${name}`);
    return n;
  }

  /** `fields=a,b` is a plain comma list (a projection), not Rest.li syntax. */
  fields(): string[] | undefined {
    const raw = this.raw.get('fields');
    if (raw === undefined) return undefined;
    return safeDecode(raw).split(',').map((f) => f.trim()).filter(Boolean);
  }
}

function safeDecode(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    throw illegal('Malformed percent-encoding in the query');
  }
}

/** `(values:List(a,b))` → [a, b]: the shape of every search criterion. */
export function criterion(search: Record<string, RestliValue> | undefined, key: string): string[] | undefined {
  const c = search?.[key];
  if (c === undefined) return undefined;
  if (typeof c !== 'object' || Array.isArray(c) || !Array.isArray(c.values) || c.values.some((x) => typeof x !== 'string')) {
    throw illegal(`Invalid search criterion ${key}: expected (values:List(...))`);
  }
  return c.values as string[];
}
