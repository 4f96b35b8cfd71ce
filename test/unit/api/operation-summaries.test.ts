import { openApiDocument } from '../../../api/openapi-document';
import { REQUEST_EXAMPLES } from '../../../api/openapi-request-examples';
import { apiRoutes } from '../../../api/routes';

type Operation = { operationId: string; summary: string; requestBody?: { content: Record<string, { schema: Schema; example?: unknown }> } };
type Schema = Record<string, any>;

const doc = openApiDocument() as { paths: Record<string, Record<string, Operation>>; components: { schemas: Record<string, Schema> } };
const operations = Object.values(doc.paths).flatMap((methods) => Object.values(methods));

/** A summary's last word is a past participle ("Ad account imported", "Targeting options found"). */
const PAST = /\b(\w+ed|found|sent|done|run|made|taken|shown|given|written|begun|chosen|built|paid)$/i;
const withoutNote = (s: string) => s.replace(/\s*\([^)]*\)\s*$/, '');

describe('operation summaries (the reference page lists operations by them)', () => {
  it('documents every operation with a summary of its own', () => {
    expect(operations.length).toBeGreaterThan(150);
    const byText = new Map<string, string[]>();
    for (const op of operations) byText.set(op.summary, [...(byText.get(op.summary) ?? []), op.operationId]);
    expect([...byText].filter(([, ids]) => ids.length > 1)).toEqual([]);
  });

  it('says what the operation does, not the message of its answer', () => {
    expect(operations.filter((op) => PAST.test(withoutNote(op.summary))).map((op) => `${op.operationId}: ${op.summary}`)).toEqual([]);
  });

  it('names each import by its platform, while every import still answers "Ad account imported"', () => {
    const imports = apiRoutes.filter((r) => r.job === 'import');
    expect(imports.length).toBeGreaterThanOrEqual(7);
    for (const r of imports) {
      expect(r.summary).toMatch(/^Import an? .*account/);
      expect(r.message ?? r.summary).toMatch(/^Ad account import(ed| finished)$/);
    }
    const posts = operations.filter((op) => /Import$/.test(op.operationId) && op.operationId.startsWith('start'));
    expect(posts.map((op) => op.summary).sort()).toEqual([
      'Import a Google Ads account',
      'Import a LinkedIn ad account',
      'Import a Meta ad account',
      'Import a TikTok ad account',
    ]);
  });

  it('keeps the answer messages clients already see', () => {
    const byId = new Map(apiRoutes.map((r) => [r.operationId, r]));
    expect(byId.get('googleGaql')!.message).toBe('GAQL query executed');
    expect(byId.get('listJobs')!.message).toBe('Jobs fetched');
    expect(byId.get('facebookCreateCampaign')!.message).toBe('Campaign created');
    expect(doc.paths['/api/v1/jobs']!.get!).toBeDefined();
  });
});

describe('request samples', () => {
  /** Free-form objects (no properties) a reference page would fill with `property1`/`property2`. */
  function freeForm(s: Schema | undefined, where: string, seen: Set<string>, out: string[]): void {
    if (!s || typeof s !== 'object' || s.example !== undefined || s.examples) return;
    if (s.$ref) {
      const name = s.$ref.split('/').pop();
      if (seen.has(name)) return;
      seen.add(name);
      return freeForm(doc.components.schemas[name], name, seen, out);
    }
    const types = [s.type].flat();
    if (types.includes('object') && !s.properties && s.additionalProperties !== false) out.push(where);
    for (const [k, v] of Object.entries<Schema>(s.properties ?? {})) freeForm(v, `${where}.${k}`, seen, out);
    if (typeof s.additionalProperties === 'object') freeForm(s.additionalProperties, `${where}.*`, seen, out);
    freeForm(s.items, `${where}[]`, seen, out);
    for (const k of ['anyOf', 'oneOf', 'allOf']) for (const v of s[k] ?? []) freeForm(v, where, seen, out);
  }

  it('every free-form object of a request body has a real example', () => {
    const missing: string[] = [];
    for (const op of operations) {
      const media = op.requestBody?.content['application/json'];
      if (media && media.example === undefined) freeForm(media.schema, `${op.operationId} body`, new Set(), missing);
    }
    expect(missing).toEqual([]);
    expect(Object.keys(REQUEST_EXAMPLES).length).toBeGreaterThan(10);
  });

  it('shows Meta targeting with real values', () => {
    const targeting = doc.components.schemas.TargetingSpecDto!;
    expect(targeting.properties.geo_locations.example).toEqual({ countries: ['US', 'CA'] });
    expect(JSON.stringify(doc)).not.toMatch(/property1|property2/);
  });
});
