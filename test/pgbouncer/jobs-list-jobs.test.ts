// The jobs suite list-jobs again, behind pgbouncer in transaction mode.
import { throughPgBouncer } from '../helpers/through-pgbouncer';

const bouncer = throughPgBouncer();
// eslint-disable-next-line @typescript-eslint/no-require-imports -- the suite must load after the pooler's beforeAll
require('../api/jobs/list-jobs.test');
afterAll(() => bouncer.stop());
