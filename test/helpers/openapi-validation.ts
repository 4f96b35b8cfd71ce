/*
 * Checks one real answer of the gateway against the OpenAPI document it serves, as an OpenAPI
 * validating proxy would: the operation exists (method + path template), the status is documented
 * for it, the content type is one it documents, and the body fits that response's schema (JSON Schema
 * 2020-12, Ajv). Each (operation, status, media type) schema is compiled on first use and kept, so a
 * run compiles it once per jest worker (the store lives in the test environment, see
 * test/setup/node-environment.ts). It depends on nothing of jest or of the app: the document comes in
 * as text.
 */
import Ajv2020, { type ErrorObject, type ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';

export interface Answer {
  method: string;
  /** As requested: may carry a query string. */
  path: string;
  status: number;
  /** The `content-type` header, if any. */
  contentType: string | null;
  /** Parsed JSON when the answer was JSON, else the text. */
  body: unknown;
}

/**
 * Paths the gateway serves outside its JSON API, which the document leaves out on purpose; their
 * answers are not checked.
 */
export const UNDOCUMENTED_PATHS: ReadonlyArray<{ prefix: string; why: string }> = [
  { prefix: '/connect', why: 'the Connect pages: HTML for the end user, not API operations' },
  { prefix: '/accept-invitation', why: 'the invitation page (HTML form a teammate opens from an email)' },
  { prefix: '/reset-password', why: 'the password reset page (HTML form opened from an email)' },
  { prefix: '/connection-result', why: 'the page an end user lands on after a platform consent' },
  { prefix: '/console', why: 'the tenant console: HTML pages for a tenant\'s people, signed in with a cookie' },
  { prefix: '/assets/', why: 'static files of the pages (CSS, images)' },
  { prefix: '/favicon.ico', why: 'the browser icon' },
  { prefix: '/admin/queues', why: 'the Bull Board operator UI, mounted only when configured' },
];

const exempt = (bare: string) => UNDOCUMENTED_PATHS.some(({ prefix }) => bare === prefix || bare.startsWith(prefix.endsWith('/') ? prefix : `${prefix}/`) || bare.startsWith(`${prefix}?`));

type Operation = { responses?: Record<string, { content?: Record<string, unknown> }> };
type Doc = { paths: Record<string, Record<string, Operation>> };

interface Template {
  template: string;
  pattern: RegExp;
  params: number;
}

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];
/** Credentials a query may carry (the `token` link form) stay out of failure messages. */
const redacted = (path: string) => path.replace(/([?&](?:token|access_token|accessToken|refreshToken)=)[^&]*/gi, '$1…');
const escapeRe = (s: string) => s.replace(/[.*+?^$()|[\]\\]/g, '\\$&');
const pointer = (s: string) => s.replace(/~/g, '~0').replace(/\//g, '~1');

/** A media type without its parameters, lower-cased: `application/json; charset=utf-8` → `application/json`. */
const bareMedia = (contentType: string | null) => (contentType ?? '').split(';')[0]!.trim().toLowerCase();
const isJson = (media: string) => media === 'application/json' || media.endsWith('+json');

function mediaMatches(documented: string, actual: string): boolean {
  const d = documented.toLowerCase();
  if (d === '*/*' || d === actual) return true;
  return d.endsWith('/*') && actual.startsWith(d.slice(0, -1));
}

function describeErrors(errors: ErrorObject[] | null | undefined): string {
  const lines = (errors ?? []).slice(0, 8).map((e) => {
    const where = e.instancePath || '(body)';
    const extra = e.keyword === 'additionalProperties' ? ` '${(e.params as { additionalProperty: string }).additionalProperty}'` : e.keyword === 'enum' ? ` ${JSON.stringify((e.params as { allowedValues: unknown[] }).allowedValues)}` : '';
    return `${where} ${e.message ?? e.keyword}${extra} (schema ${e.schemaPath})`;
  });
  const more = (errors?.length ?? 0) > 8 ? `; and ${errors!.length - 8} more` : '';
  return lines.join('; ') + more;
}

export class AnswerChecker {
  private readonly doc: Doc;
  private readonly ajv: Ajv2020;
  private readonly byMethod = new Map<string, Template[]>();
  private readonly compiled = new Map<string, ValidateFunction>();
  /** The query of the request whose answer is being checked (what `x-level-schemas` reads). */
  private query = new URLSearchParams();
  /** Answers matched against the document (exempt paths not counted). */
  validated = 0;

  constructor(docText: string) {
    this.doc = JSON.parse(docText) as Doc;
    // OpenAPI adds keywords JSON Schema does not know (`example`, `discriminator`, `x-…`): not strict.
    // The document is not itself a schema, so it is not checked against the meta-schema.
    this.ajv = new Ajv2020({ strict: false, allErrors: true, validateSchema: false });
    addFormats(this.ajv);
    this.ajv.addKeyword({ keyword: 'x-level-schemas', errors: true, validate: this.byRequestLevel() });
    this.ajv.addSchema({ ...this.doc, $id: 'openapi.json' } as object);
    for (const [template, item] of Object.entries(this.doc.paths)) {
      // A final `{path}` is the rest of the URL (the proxy's wildcard).
      const pattern = new RegExp(`^${escapeRe(template).replace(/\\?\{path\\?\}$/, '.+').replace(/\\?\{[^}]+\\?\}/g, '[^/]+')}/?$`, 'i');
      const params = (template.match(/\{/g) ?? []).length;
      for (const m of Object.keys(item).filter((k) => METHODS.includes(k))) {
        const list = this.byMethod.get(m) ?? [];
        list.push({ template, pattern, params });
        this.byMethod.set(m, list);
      }
    }
    // A literal segment wins over a parameter, as it does where the routes are mounted: fewer
    // parameters first, then the longer literal prefix.
    const firstParam = (t: string) => (t.includes('{') ? t.indexOf('{') : t.length);
    for (const list of this.byMethod.values()) list.sort((a, b) => a.params - b.params || firstParam(b.template) - firstParam(a.template));
  }

  /** The documented path template a request reached, if the document has one for its method. */
  templateOf(method: string, path: string): string | undefined {
    const bare = path.split('?')[0]!;
    let decoded = bare;
    try {
      decoded = decodeURI(bare);
    } catch {
      // a malformed escape is matched as sent
    }
    return this.byMethod.get(method.toLowerCase())?.find((t) => t.pattern.test(bare) || t.pattern.test(decoded))?.template;
  }

  /** Why `answer` breaks the document, or undefined when it keeps it (or its path is not the API's). */
  problem(answer: Answer): string | undefined {
    const bare = answer.path.split('?')[0]!;
    if (exempt(bare)) return undefined;
    const m = answer.method.toLowerCase();
    const what = `${answer.method.toUpperCase()} ${redacted(answer.path)} → ${answer.status}`;
    this.validated++;
    const template = this.templateOf(m, answer.path);
    if (!template) return this.unknownRoute(what, answer);
    const responses = this.doc.paths[template]![m]!.responses ?? {};
    const statusKey = [String(answer.status), `${String(answer.status)[0]}XX`, 'default'].find((k) => responses[k]);
    if (!statusKey) return `${what}: status ${answer.status} is not documented for ${m.toUpperCase()} ${template} (documented: ${Object.keys(responses).join(', ')})`;
    const content = responses[statusKey]!.content;
    if (!content || Object.keys(content).length === 0) return undefined;
    const media = bareMedia(answer.contentType);
    const documented = Object.keys(content).find((d) => mediaMatches(d, media));
    if (!documented) return `${what}: content type '${answer.contentType ?? '(none)'}' is not documented for ${m.toUpperCase()} ${template} ${statusKey} (documented: ${Object.keys(content).join(', ')})`;
    if (!isJson(media)) return undefined;
    const validate = this.validator(template, m, statusKey, documented);
    this.query = new URLSearchParams(answer.path.split('?')[1] ?? '');
    if (validate(answer.body)) return undefined;
    return `${what}: the body breaks the schema of ${m.toUpperCase()} ${template} ${statusKey}: ${describeErrors(validate.errors)}`;
  }

  /** A path no operation describes is the gateway's 404 ROUTE_NOT_FOUND envelope, or it is a break. */
  private unknownRoute(what: string, answer: Answer): string | undefined {
    const body = answer.body as { error?: { code?: string } } | undefined;
    if (answer.status === 404 && body?.error?.code === 'ROUTE_NOT_FOUND' && isJson(bareMedia(answer.contentType))) {
      const envelope = this.componentValidator('StandardErrorEnvelopeDto');
      return envelope(answer.body) ? undefined : `${what}: the ROUTE_NOT_FOUND answer breaks StandardErrorEnvelopeDto: ${describeErrors(envelope.errors)}`;
    }
    return `${what}: no operation of the document describes ${answer.method.toUpperCase()} ${redacted(answer.path).split('?')[0]}`;
  }

  /**
   * `x-level-schemas: { parameter, mapping }` on a row schema: the request's `parameter` (e.g.
   * `level`) names the one schema each row must fit, where the row schema alone admits any level's.
   */
  private byRequestLevel() {
    const levelOf = (parameter: string) => this.query.get(parameter);
    const schemaAt = (ref: string) => this.ajv.getSchema(`openapi.json${ref}`)!;
    // ajv reads a keyword's errors from its validate function, so it is a named function, not an arrow.
    return function levelRow(schema: { parameter: string; mapping: Record<string, string> }, data: unknown, _parent?: unknown, at?: { instancePath: string }): boolean {
      const level = levelOf(schema.parameter);
      const target = level === null ? undefined : schema.mapping[level];
      if (!target) return true;
      const validate = schemaAt(target);
      if (validate(data)) return true;
      (levelRow as { errors?: ErrorObject[] }).errors = (validate.errors ?? []).map((e) => ({ ...e, instancePath: (at?.instancePath ?? '') + e.instancePath, message: `(${schema.parameter}=${level}: ${target.split('/').pop()}) ${e.message ?? e.keyword}` }));
      return false;
    };
  }

  private validator(template: string, method: string, status: string, media: string): ValidateFunction {
    const key = `${method} ${template} ${status} ${media}`;
    let v = this.compiled.get(key);
    if (!v) {
      const ref = `openapi.json#/paths/${encodeURIComponent(pointer(template))}/${method}/responses/${status}/content/${encodeURIComponent(pointer(media))}/schema`;
      v = this.ajv.compile({ $ref: ref });
      this.compiled.set(key, v);
    }
    return v;
  }

  private componentValidator(name: string): ValidateFunction {
    const key = `#component ${name}`;
    let v = this.compiled.get(key);
    if (!v) {
      v = this.ajv.compile({ $ref: `openapi.json#/components/schemas/${name}` });
      this.compiled.set(key, v);
    }
    return v;
  }

  /** How many distinct schemas were compiled. */
  get compiledCount(): number {
    return this.compiled.size;
  }
}

/**
 * The checkers of one jest worker, by document: every file whose app serves the same document shares
 * one checker, and so its compiled schemas. It also counts what was checked, for the run's summary.
 */
export class AnswerCheckStore {
  private readonly checkers = new Map<string, AnswerChecker>();

  checkerFor(key: string, docText: () => string): AnswerChecker {
    let c = this.checkers.get(key);
    if (!c) {
      c = new AnswerChecker(docText());
      this.checkers.set(key, c);
    }
    return c;
  }

  has(key: string): boolean {
    return this.checkers.has(key);
  }

  totals(): { validated: number; schemasCompiled: number; documents: number } {
    let validated = 0;
    let schemasCompiled = 0;
    for (const c of this.checkers.values()) {
      validated += c.validated;
      schemasCompiled += c.compiledCount;
    }
    return { validated, schemasCompiled, documents: this.checkers.size };
  }
}
