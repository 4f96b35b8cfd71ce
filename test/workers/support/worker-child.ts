/**
 * A worker process for the crash tests: the real worker pool and platform core, plus the test
 * TikTok writes. Prints "ready" once its workers are listening.
 */
import { loadConfig } from '../../../shared/infra/config';
import { createLogger } from '../../../shared/infra/logger';
import { createInfra } from '../../../shared/infra/bootstrap';
import { createServices } from '../../../shared/domain/services';
import { startWorkers } from '../../../workers/worker-pool';
import { testWriteOps } from './test-write-ops';
import { withTestOperations } from '../../helpers/write-operations';

async function main(): Promise<void> {
  const config = loadConfig();
  const logger = createLogger({ level: config.LOG_LEVEL, name: 'crash-test-worker' });
  const infra = await createInfra(config, logger);
  const services = createServices(infra, { writeOperations: withTestOperations(testWriteOps) });
  services.start();
  const pool = startWorkers(services, { queues: ['platform-writes'] });
  await Promise.all(pool.workers.map((w) => w.waitUntilReady()));
  process.stdout.write('ready\n');
  process.once('SIGTERM', () => void pool.close(2000).then(() => services.close()).then(() => infra.close()).then(() => process.exit(0)));
}

main().catch((e: unknown) => {
  process.stderr.write(`${e instanceof Error ? e.stack : String(e)}\n`);
  process.exit(1);
});
