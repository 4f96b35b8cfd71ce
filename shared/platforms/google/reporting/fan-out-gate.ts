import type { Settled } from '../operations/fan-out';

/** One fan-out inside the gate: how many of its calls run, how many it may run, and how to start its next. */
interface Share {
  running: number;
  limit: number;
  left: number;
  startNext(): void;
}

/**
 * Admits the per-account calls of every fan-out of this replica to its fan-out connections
 * (GOOGLE_FANOUT_CONNECTIONS): at most `capacity` run at once in all. A fan-out alone runs up to its
 * own limit at once. When fan-outs wait, each freed place goes to the one running the fewest calls
 * (the older one on a tie), so concurrent fan-outs converge on equal parts and a newcomer gets the
 * first place that frees up, without anyone being stopped mid-call.
 */
export class FanOutGate {
  private running = 0;
  /** Fan-outs with calls not started yet, oldest first. */
  private readonly shares: Share[] = [];

  constructor(readonly capacity: number) {}

  /** Runs `fn` over `items`, at most `limit` at once and within the gate; results keep the input order. */
  map<I, O>(items: readonly I[], limit: number, fn: (item: I, index: number) => Promise<O>): Promise<Settled<O>[]> {
    const out: Settled<O>[] = new Array(items.length);
    if (!items.length) return Promise.resolve(out);
    return new Promise((resolve) => {
      let done = 0;
      const settle = (i: number, r: Settled<O>) => {
        out[i] = r;
        share.running--;
        this.running--;
        if (++done === items.length) resolve(out);
        this.admit();
      };
      const share: Share = {
        running: 0,
        limit: Math.max(1, limit),
        left: items.length,
        startNext: () => {
          const i = items.length - share.left--;
          share.running++;
          this.running++;
          call(fn, items[i]!, i).then((r) => settle(i, r));
        },
      };
      this.shares.push(share);
      this.admit();
    });
  }

  private admit(): void {
    while (this.running < this.capacity) {
      const next = this.fewestRunning();
      if (!next) return;
      next.startNext();
      if (!next.left) this.shares.splice(this.shares.indexOf(next), 1);
    }
  }

  private fewestRunning(): Share | undefined {
    let pick: Share | undefined;
    for (const s of this.shares) if (s.running < s.limit && (!pick || s.running < pick.running)) pick = s;
    return pick;
  }
}

const succeeded = <O>(value: O): Settled<O> => ({ ok: true, value });
const failed = (error: unknown): Settled<never> => ({ ok: false, error });

/**
 * The call's outcome, never a rejection (a synchronous throw included). Chained with then() rather
 * than an async wrapper: every account's call of every fan-out goes through here, and the wrapper's
 * own promise and await cost more than the settling.
 */
function call<I, O>(fn: (item: I, index: number) => Promise<O>, item: I, i: number): Promise<Settled<O>> {
  try {
    return fn(item, i).then(succeeded, failed);
  } catch (error) {
    return Promise.resolve(failed(error));
  }
}
