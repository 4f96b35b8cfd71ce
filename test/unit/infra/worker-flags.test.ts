import { readFileSync } from 'node:fs';
import path from 'node:path';
import { WORKER_NODE_FLAGS } from '../../../workers/node-flags';

const root = path.resolve(__dirname, '../../..');

/** Every way of starting a worker runs it with the same V8 flags the benchmark measured. */
describe('worker start commands', () => {
  it('npm run start:worker and the docker-compose worker pass every worker flag to node', () => {
    const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
    const compose = readFileSync(path.join(root, 'docker-compose.yml'), 'utf8');
    const composeWorker = compose.slice(compose.indexOf('\n  worker:'));
    for (const flag of WORKER_NODE_FLAGS) {
      expect(pkg.scripts['start:worker']).toContain(`node ${flag}`);
      expect(composeWorker).toContain(`node ${flag}`);
    }
  });
});
