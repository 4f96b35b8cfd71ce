/*
 * Checks a real answer against the schema the served OpenAPI document gives it, the way an OpenAPI
 * validating proxy would. The validator is Redocly's (a declared dev dependency, already run over the
 * document by test/api/openapi.test.ts): the answer becomes the example of its operation's response in
 * a copy of the document, and `no-invalid-media-type-examples` reports where it breaks the schema.
 */
import { createConfig, lintFromString } from '@redocly/openapi-core';
import type { JsonResponse } from '../world';

type Doc = { paths: Record<string, Record<string, any>>; webhooks?: unknown };

/** `{teamId}`-style templates of the document matched against a concrete path. */
function documentedPath(doc: Doc, method: string, concrete: string): string | undefined {
  const bare = concrete.split('?')[0]!;
  const fits = (template: string) => new RegExp(`^${template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]+\}/g, '[^/]+')}$`).test(bare);
  const candidates = Object.keys(doc.paths).filter((p) => doc.paths[p]![method] && fits(p));
  // A literal segment wins over a parameter, as it does when the routes are mounted.
  return candidates.sort((a, b) => (a.match(/\{/g)?.length ?? 0) - (b.match(/\{/g)?.length ?? 0))[0];
}

/**
 * Where `answer` breaks the schema documented for `method path` and its status (`[]` when it fits);
 * an answer whose operation or status is not documented is itself a problem.
 */
export async function undocumentedAnswer(doc: Doc, method: string, path: string, answer: Pick<JsonResponse, 'status' | 'body'>): Promise<string[]> {
  const m = method.toLowerCase();
  const template = documentedPath(doc, m, path);
  if (!template) return [`${method} ${path}: no such operation in the document`];
  const op = doc.paths[template]![m];
  const media = op.responses?.[String(answer.status)]?.content?.['application/json'];
  if (!media?.schema) return [`${method} ${template}: status ${answer.status} is not documented`];
  const copy = structuredClone(doc);
  copy.paths = { [template]: { [m]: { ...op, responses: { [String(answer.status)]: { ...op.responses[String(answer.status)], content: { 'application/json': { schema: media.schema, example: answer.body } } } } } } };
  delete copy.webhooks;
  const config = await createConfig({ rules: { 'no-invalid-media-type-examples': { severity: 'error', allowAdditionalProperties: true } } });
  const problems = await lintFromString({ source: JSON.stringify(copy), absoluteRef: 'openapi.json', config });
  return problems.map((p) => `${method} ${template} ${answer.status}: ${p.message} @ ${p.location[0]?.pointer ?? ''}`);
}
