/** Minimal JSON Schema (OpenAPI 3.1) walker: builds a plausible value for a schema, and lists its fields. */

type Schema = Record<string, any>;

export class OpenApiDoc {
  constructor(readonly doc: any) {}

  resolve(s: Schema | undefined): Schema {
    let cur = s ?? {};
    for (let i = 0; i < 10 && typeof cur.$ref === 'string'; i++) {
      const path = (cur.$ref as string).replace(/^#\//, '').split('/');
      cur = path.reduce((o: any, k) => o?.[k], this.doc) ?? {};
    }
    return cur;
  }

  /** A value the schema probably accepts: required fields only, examples and enums first. */
  sample(s: Schema | undefined, depth = 0): unknown {
    const sc = this.resolve(s);
    if (depth > 6) return undefined;
    if (sc.example !== undefined) return sc.example;
    if (sc.default !== undefined) return sc.default;
    if (Array.isArray(sc.enum)) return sc.enum[0];
    if (sc.const !== undefined) return sc.const;
    const alt = sc.oneOf ?? sc.anyOf;
    if (Array.isArray(alt)) return this.sample(alt[0], depth + 1);
    if (Array.isArray(sc.allOf)) return Object.assign({}, ...sc.allOf.map((x: Schema) => this.sample(x, depth + 1) ?? {}));
    const type = Array.isArray(sc.type) ? sc.type.find((t: string) => t !== 'null') : sc.type;
    switch (type) {
      case 'object': {
        const out: Record<string, unknown> = {};
        for (const k of (sc.required as string[] | undefined) ?? []) out[k] = this.sample(sc.properties?.[k], depth + 1);
        return out;
      }
      case 'array':
        return Array.from({ length: Math.max(1, sc.minItems ?? 1) }, () => this.sample(sc.items, depth + 1));
      case 'integer':
      case 'number':
        return Math.max(1, sc.minimum ?? 1);
      case 'boolean':
        return false;
      case 'string':
        if (sc.format === 'uuid') return '00000000-0000-4000-8000-000000000000';
        if (sc.format === 'email') return 'fuzz@example.test';
        if (sc.format === 'uri' || sc.format === 'url') return 'https://example.test/x';
        if (sc.format === 'date-time') return '2026-12-01T00:00:00Z';
        if (sc.format === 'date') return '2026-12-01';
        return 'x'.repeat(Math.max(1, sc.minLength ?? 1));
      default:
        return undefined;
    }
  }

  /** Top-level property names of an object schema, with their type. */
  fields(s: Schema | undefined): { name: string; type: string }[] {
    const sc = this.resolve(s);
    const props = sc.properties ?? this.resolve((sc.allOf ?? sc.anyOf ?? sc.oneOf ?? [])[0]).properties ?? {};
    return Object.entries(props).map(([name, p]) => {
      const r = this.resolve(p as Schema);
      return { name, type: String(Array.isArray(r.type) ? r.type[0] : (r.type ?? 'unknown')) };
    });
  }
}
