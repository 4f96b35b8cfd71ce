import { readFileSync } from 'node:fs';
import path from 'node:path';
import { WORKER_NODE_FLAGS } from '../../../workers/node-flags';

const root = path.resolve(__dirname, '../../..');

/** Every way of starting a worker runs it with the same V8 flags the benchmark measured. */
describe('worker start commands', () => {
  it('npm run start:worker and the image (which compose runs unchanged) pass every worker flag to node', () => {
    const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
    const cmd = readFileSync(path.join(root, 'Dockerfile'), 'utf8').split('\n').filter((l) => l.startsWith('CMD ')).pop()!;
    const compose = readFileSync(path.join(root, 'docker-compose.yml'), 'utf8');
    const from = compose.indexOf('\n  worker:');
    const next = compose.slice(from + 1).search(/\n {2}\S|\n\S/);
    const composeWorker = next < 0 ? compose.slice(from) : compose.slice(from, from + 1 + next);
    expect(composeWorker).not.toMatch(/^\s+(command|entrypoint):/m);
    const flags = WORKER_NODE_FLAGS.join(' ');
    expect(pkg.scripts['start:worker']).toContain(`node ${flags} dist/workers/main.js`);
    expect(cmd).toContain(`node ${flags} dist/workers/main.js`);
  });
});
