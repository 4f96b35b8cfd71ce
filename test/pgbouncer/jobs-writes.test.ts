// The jobs suite writes again, behind pgbouncer in transaction mode.
import { throughPgBouncer } from '../helpers/through-pgbouncer';

const bouncer = throughPgBouncer();
// eslint-disable-next-line @typescript-eslint/no-require-imports -- the suite must load after the pooler's beforeAll
require('../api/jobs/writes.test');
afterAll(() => bouncer.stop());
