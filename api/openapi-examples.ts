/*
 * An example for each operation's success answer, built from its JSON schema: the schema's own
 * `example`s first, then enums, formats and types. The linters check every example against its
 * schema, so an example that drifts from the schema fails `npm test`.
 */

type Schema = {
  $ref?: string;
  type?: string | string[];
  example?: unknown;
  examples?: unknown[];
  default?: unknown;
  const?: unknown;
  enum?: unknown[];
  format?: string;
  minimum?: number;
  exclusiveMinimum?: number;
  minItems?: number;
  minLength?: number;
  pattern?: string;
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  additionalProperties?: boolean | Schema;
};

const FORMATS: Record<string, string> = {
  'date-time': '2026-11-24T10:00:00.000Z',
  date: '2026-11-24',
  uuid: '5b0c7d1e-8f2a-4c3b-9d4e-1f2a3b4c5d6e',
  email: 'user@example.com',
  uri: 'https://example.com/',
  url: 'https://example.com/',
};

export function exampleFor(schema: Schema | undefined, schemas: Record<string, Schema>, depth = 0): unknown {
  if (!schema || depth > 20) return null;
  if (schema.$ref) return exampleFor(schemas[schema.$ref.split('/').pop()!], schemas, depth + 1);
  if (schema.example !== undefined) return schema.example;
  if (schema.examples?.length) return schema.examples[0];
  if (schema.const !== undefined) return schema.const;
  if (schema.default !== undefined) return schema.default;
  if (schema.enum?.length) return schema.enum[0];
  if (schema.allOf?.length) {
    // A schema that refines others (`allOf`) beside its own properties: its own say last.
    const { allOf, ...own } = schema;
    const self = own.properties || own.type ? [exampleFor(own, schemas, depth + 1) as object] : [];
    return Object.assign({}, ...allOf.map((s) => exampleFor(s, schemas, depth + 1) as object), ...self);
  }
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives?.length) {
    const concrete = alternatives.find((s) => s.type !== 'null') ?? alternatives[0];
    return exampleFor(concrete, schemas, depth + 1);
  }
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  const type = types.find((t) => t !== 'null') ?? types[0] ?? (schema.properties ? 'object' : undefined);
  switch (type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [k, s] of Object.entries(schema.properties ?? {})) {
        // Optional properties that cannot be made up safely (a pattern) are left out.
        if (!schema.required?.includes(k) && s.pattern && s.example === undefined) continue;
        out[k] = exampleFor(s, schemas, depth + 1);
      }
      return out;
    }
    case 'array': {
      const item = exampleFor(schema.items, schemas, depth + 1);
      return Array.from({ length: Math.max(1, schema.minItems ?? 1) }, () => item);
    }
    case 'string':
      if (schema.format && FORMATS[schema.format]) return FORMATS[schema.format];
      if (schema.pattern && /^\^\\d/.test(schema.pattern)) return '120000000000001';
      return 'string'.padEnd(schema.minLength ?? 0, 'x');
    case 'integer':
    case 'number':
      return schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : 0);
    case 'boolean':
      return true;
    case 'null':
      return null;
    default:
      return {};
  }
}

type Doc = {
  paths: Record<string, Record<string, { responses: Record<string, { content?: Record<string, { schema?: Schema; example?: unknown }> }> }>>;
  components: { schemas: Record<string, Schema> };
};

/** Adds an `example` to each operation's first 2xx answer that has none. */
export function addExamples(document: object, given: Map<string, unknown>): number {
  const doc = document as Doc;
  let n = 0;
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const status = Object.keys(op.responses).find((s) => s.startsWith('2'));
      const content = status ? op.responses[status]!.content : undefined;
      const media = content?.['application/json'] ?? Object.values(content ?? {})[0];
      if (!media?.schema) continue;
      const own = given.get(`${method} ${path}`);
      media.example ??= exampleFor(media.schema, doc.components.schemas);
      if (own !== undefined && media.example && typeof media.example === 'object') {
        media.example = { ...(media.example as object), data: own };
      }
      n++;
    }
  }
  return n;
}
