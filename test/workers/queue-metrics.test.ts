import { randomBytes } from 'node:crypto';
import { startWorld, type World } from '../world';
import { eventually } from '../helpers/eventually';

const TOKEN = randomBytes(16).toString('hex');

/** The autoscaling signals on /metrics: jobs per queue and state, and how long the oldest runnable job has waited. */
describe('queue depth metrics', () => {
  let w: World;
  beforeAll(async () => {
    w = await startWorld({ platforms: [], tenant: false, env: { METRICS_TOKEN: TOKEN } });
  });
  afterAll(() => w?.close());

  const scrape = async () => {
    const res = await fetch(`${w.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.status).toBe(200);
    const text = await res.text();
    const value = (name: string, labels: string) => Number(new RegExp(`^${name}\\{${labels}\\} (\\S+)$`, 'm').exec(text)?.[1] ?? NaN);
    return {
      jobs: (state: string, queue = 'imports') => value('queue_jobs', `queue="${queue}",state="${state}"`),
      oldest: (queue: string) => value('queue_oldest_waiting_seconds', `queue="${queue}"`),
    };
  };

  it('counts waiting, prioritized, delayed (and due), and the age of the oldest runnable job grows while no worker runs', async () => {
    const startedAt = Date.now();
    const q = w.app.infra.queues.queue('imports');
    await Promise.all([
      ...Array.from({ length: 3 }, () => q.add('depth', {})),
      ...Array.from({ length: 2 }, () => q.add('depth', {}, { priority: 5 })),
      ...Array.from({ length: 4 }, () => q.add('depth', {}, { delay: 3_600_000 })),
      q.add('depth', {}, { delay: 1 }),
    ]);
    const m = await eventually(scrape, (s) => s.oldest('imports') >= 0.3 && s.jobs('delayed_due') === 1, 20_000, 100);
    expect({
      waiting: m.jobs('waiting'),
      prioritized: m.jobs('prioritized'),
      delayed: m.jobs('delayed'),
      delayed_due: m.jobs('delayed_due'),
      active: m.jobs('active'),
    }).toEqual({ waiting: 3, prioritized: 2, delayed: 5, delayed_due: 1, active: 0 });
    expect(m.oldest('imports')).toBeGreaterThanOrEqual(0.3);
    expect(m.oldest('imports')).toBeLessThanOrEqual((Date.now() - startedAt) / 1000 + 1);
    // A queue with nothing runnable reads 0.
    expect(m.oldest('maintenance')).toBe(0);
  });

  it('a queue holding only jobs delayed into the future has no runnable job: its age stays 0', async () => {
    const q = w.app.infra.queues.queue('webhooks');
    await q.add('depth', {}, { delay: 3_600_000 });
    const m = await eventually(scrape, (s) => s.jobs('delayed', 'webhooks') === 1, 10_000, 100);
    expect(m.oldest('webhooks')).toBe(0);
  });
});
