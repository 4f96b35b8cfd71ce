import { boot, exitOnFatal, onShutdown } from '../shared/bootstrap/process';
import { startWorkerRole } from './start';

/** Worker-only entry (ROLE=worker): consumers, schedules and the ops port; nothing from api/. */
export async function main(): Promise<void> {
  const b = await boot('worker');
  const workers = await startWorkerRole(b, { opsPort: true });
  onShutdown(b, (bound) => workers.close(bound));
}

if (require.main === module) main().catch(exitOnFatal);
