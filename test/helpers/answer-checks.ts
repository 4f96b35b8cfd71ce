/*
 * Every answer a test gets from a gateway it started is checked against the OpenAPI document that
 * gateway serves (test/helpers/openapi-validation.ts); a break fails the request, and so the test
 * that made it, naming the method, path, status and the schema error.
 *
 * The document of an app is the one `createApp` serves at /api/v1/openapi.json: `openApiDocument`
 * with the app's extra routes. It is built here rather than fetched, so the check sends nothing the
 * app would count (per-IP limits, metrics). Apps without extra routes all serve the same document and
 * share one checker per jest worker, through the store the test environment keeps.
 */
import { createHash } from 'node:crypto';
import { openApiDocument } from '../../api/openapi-document';
import type { RouteSpec } from '../../api/routes/route';
import { AnswerCheckStore, type Answer, type AnswerChecker } from './openapi-validation';

const STORE_KEY = '__gatewayAnswerChecks';

/** The worker's store when the test environment provides one (test/setup/node-environment.ts), else this file's. */
function store(): AnswerCheckStore {
  const g = globalThis as unknown as Record<string, AnswerCheckStore | undefined>;
  return (g[STORE_KEY] ??= new AnswerCheckStore());
}

const apps = new Map<string, () => AnswerChecker>();

function checkerFor(extraRoutes: RouteSpec[] | undefined): AnswerChecker {
  if (!extraRoutes?.length) return store().checkerFor('served:default', () => JSON.stringify(openApiDocument()));
  const text = JSON.stringify(openApiDocument(extraRoutes));
  const key = `served:${createHash('sha1').update(text).digest('hex')}`;
  return store().checkerFor(key, () => text);
}

/** From now on, answers of the app at `url` are checked against the document it serves. */
export function checkAnswersOf(url: string, extraRoutes?: RouteSpec[]): void {
  let checker: AnswerChecker | undefined;
  apps.set(url.replace(/\/$/, ''), () => (checker ??= checkerFor(extraRoutes)));
}

/** Answers of that app are no longer checked (it is closed; a later app may get its port). */
export function forgetAnswersOf(url: string): void {
  apps.delete(url.replace(/\/$/, ''));
}

export class ContractBreak extends Error {
  override name = 'ContractBreak';
}

/** Throws a ContractBreak when `answer`, received from `base`, breaks the document of the app there. */
export function checkAnswer(base: string, answer: Answer): void {
  const checker = apps.get(base.replace(/\/$/, ''));
  if (!checker) return;
  const problem = checker().problem(answer);
  if (problem) throw new ContractBreak(`The answer breaks the OpenAPI document: ${problem}`);
}
