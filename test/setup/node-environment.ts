import { writeFileSync } from 'node:fs';
import path from 'node:path';
import NodeEnvironment from 'jest-environment-node';
import { AnswerCheckStore } from '../helpers/openapi-validation';

let hooked = false;

/**
 * One store of OpenAPI answer checkers per jest worker (test/helpers/answer-checks.ts), so each
 * response schema is compiled once per worker rather than once per test file.
 */
const answerChecks = new AnswerCheckStore();

/** Where this worker leaves its count of checked answers; the global teardown adds them up. */
export const answerCountFile = (dir: string, pid: number) => path.join(dir, `openapi-answers.${pid}.json`);

/**
 * jest's node environment, plus a prompt exit for the worker process once jest has ended it.
 * jest waits only 500 ms for a worker to exit before it force-kills it and prints "a worker process
 * has failed to exit gracefully"; a natural exit frees the whole heap first, which takes longer than
 * that on a busy machine even when nothing leaked. process.exit skips the heap teardown. `beforeExit`
 * fires only when nothing is left to run, so a real leak (an open socket or timer) still keeps the
 * worker alive and still shows the warning.
 */
export default class GatewayTestEnvironment extends NodeEnvironment {
  constructor(...args: ConstructorParameters<typeof NodeEnvironment>) {
    super(...args);
    this.global.__gatewayAnswerChecks = answerChecks;
    if (!hooked && process.send) {
      hooked = true;
      process.once('beforeExit', (code) => process.exit(code));
    }
  }

  override async teardown(): Promise<void> {
    const dir = process.env.TEST_LOG_DIR;
    if (dir) writeFileSync(answerCountFile(dir, process.pid), JSON.stringify(answerChecks.totals()));
    await super.teardown();
  }
}
