import NodeEnvironment from 'jest-environment-node';

let hooked = false;

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
    if (!hooked && process.send) {
      hooked = true;
      process.once('beforeExit', (code) => process.exit(code));
    }
  }
}
