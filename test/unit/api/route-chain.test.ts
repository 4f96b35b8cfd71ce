import type { Request, RequestHandler, Response } from 'express';
import { chain } from '../../../api/routes/mount';

/** Runs a chain as express would and tells how it ended: `done()` or `done(err)`. */
function run(steps: RequestHandler[]): Promise<{ err?: unknown; seen: string[] }> {
  const req = { seen: [] as string[] } as unknown as Request & { seen: string[] };
  return new Promise((resolve) => chain(steps)(req, {} as Response, (err?: unknown) => resolve({ err, seen: req.seen })));
}
const mark = (name: string): RequestHandler => (req, _res, next) => {
  (req as Request & { seen: string[] }).seen.push(name);
  next();
};

describe("a route's steps run as one handler", () => {
  it('runs every step in order, async ones included, then hands on', async () => {
    const slow: RequestHandler = async (req, _res, next) => {
      await new Promise((r) => setImmediate(r));
      (req as Request & { seen: string[] }).seen.push('slow');
      next();
    };
    expect(await run([mark('a'), slow, mark('b')])).toEqual({ err: undefined, seen: ['a', 'slow', 'b'] });
  });

  it.each([
    ['thrown', (): RequestHandler => () => {
      throw new Error('boom');
    }],
    ['rejected', (): RequestHandler => async () => {
      throw new Error('boom');
    }],
    ['passed to next', (): RequestHandler => (_req, _res, next) => next(new Error('boom'))],
  ])('an error %s stops the chain and reaches the error handler', async (_how, failing) => {
    const r = await run([mark('a'), failing(), mark('never')]);
    expect((r.err as Error).message).toBe('boom');
    expect(r.seen).toEqual(['a']);
  });

  it('a step that answers itself and never calls next ends the chain there', async () => {
    let ended = false;
    const answer: RequestHandler = () => {
      ended = true;
    };
    const req = { seen: [] } as unknown as Request;
    let handedOn = false;
    chain([answer, mark('never')])(req, {} as Response, () => (handedOn = true));
    await new Promise((r) => setImmediate(r));
    expect({ ended, handedOn }).toEqual({ ended: true, handedOn: false });
  });
});
