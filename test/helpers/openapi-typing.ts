/* Which operations of an OpenAPI document answer with a `data` whose shape a client can know. */

type Schema = Record<string, any>;

function resolve(s: Schema | undefined, schemas: Record<string, Schema>): Schema | undefined {
  return s?.$ref ? schemas[String(s.$ref).split('/').pop()!] : s;
}

/**
 * Typed: a primitive, enum or const; an array of typed items; an object with properties, or a map of
 * typed values; a union of typed members. `{}` and a bare open object (`additionalProperties: {}`) are not.
 */
export function isTyped(schema: Schema | undefined, schemas: Record<string, Schema>, depth = 0): boolean {
  const s = resolve(schema, schemas);
  if (!s || depth > 8) return false;
  const alternatives = s.anyOf ?? s.oneOf ?? s.allOf;
  if (alternatives) return alternatives.every((a: Schema) => isTyped(a, schemas, depth + 1));
  if (s.enum || 'const' in s) return true;
  const types: string[] = Array.isArray(s.type) ? s.type : s.type ? [s.type] : [];
  if (!types.length) return false;
  if (types.includes('array')) return isTyped(s.items, schemas, depth + 1);
  if (types.includes('object')) {
    const props = Object.values(s.properties ?? {}) as Schema[];
    if (props.length) return props.every((p) => !isList(p, schemas) || isTyped(p, schemas, depth + 1));
    if (s.additionalProperties === false) return true;
    return typeof s.additionalProperties === 'object' && isTyped(s.additionalProperties, schemas, depth + 1);
  }
  return true;
}

/** Lists inside a typed object must say what they hold (`data: [...]`, `list: [...]`). */
function isList(p: Schema, schemas: Record<string, Schema>): boolean {
  const s = resolve(p, schemas);
  const types: string[] = Array.isArray(s?.type) ? s!.type : s?.type ? [s.type] : [];
  return types.includes('array');
}

/** `method path` of every operation whose JSON success answer carries an untyped `data`. */
export function untypedOperations(doc: { paths: Record<string, Record<string, any>>; components: { schemas: Record<string, Schema> } }): string[] {
  const out: string[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      for (const [status, res] of Object.entries<any>(op.responses ?? {})) {
        if (!status.startsWith('2')) continue;
        const json = res.content?.['application/json']?.schema;
        if (!json) continue;
        const env = resolve(json, doc.components.schemas);
        const data = env?.properties?.data;
        // The proxy's answer is the platform's own JSON, by design of any shape; the schema says so.
        if (resolve(data, doc.components.schemas)?.['x-platform-json'] === true) continue;
        if (env?.properties?.success && !isTyped(data, doc.components.schemas)) out.push(`${method} ${path}`);
        if (!env?.properties?.success && !isTyped(env, doc.components.schemas)) out.push(`${method} ${path}`);
      }
    }
  }
  return [...new Set(out)];
}
