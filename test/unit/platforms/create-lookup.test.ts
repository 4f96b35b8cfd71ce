import { claimOwn, madeSince, objectName, parseCreatedTime, stepName, STEP_TAG_LENGTH } from '../../../shared/platforms/core/create-lookup';
import type { CreateClaims } from '../../../shared/platforms/core/write-operation';
import { isAppError } from '../../../shared/errors/app-error';
import { memoryClaims } from '../../helpers/memory-claims';

describe('the crash lookup of a create without an idempotency key', () => {
  it('reads each platform’s created time: Meta ISO with +0000, TikTok UTC wall time, epoch seconds and ms', () => {
    const t = Date.UTC(2026, 10, 27, 21, 30, 5);
    expect(parseCreatedTime('2026-11-27T21:30:05+0000')).toBe(t);
    expect(parseCreatedTime('2026-11-27T23:30:05+0200')).toBe(t);
    expect(parseCreatedTime('2026-11-27 21:30:05')).toBe(t);
    expect(parseCreatedTime(t / 1000)).toBe(t);
    expect(parseCreatedTime(String(t / 1000))).toBe(t);
    expect(parseCreatedTime(t)).toBe(t);
    expect(parseCreatedTime(undefined)).toBeUndefined();
    expect(parseCreatedTime('yesterday')).toBeUndefined();
  });

  it('keeps objects made since the first send less the skew, floored to the second; objects without a time stay', () => {
    const sent = Date.UTC(2026, 10, 27, 21, 30, 5, 800);
    const c = (id: string, createdAt?: number) => ({ id, createdAt });
    const kept = madeSince([c('same-second', sent - 800), c('skew', sent - 2_800), c('before', sent - 4_000), c('untimed')], sent, 2_000);
    expect(kept.map((k) => k.id)).toEqual(['same-second', 'skew', 'untimed']);
  });

  it('a tagged name fits the platform’s limit: the caller’s part is shortened, the tag kept whole', () => {
    const tagged = stepName('job', 'create', 'x'.repeat(100), 100);
    expect([...tagged]).toHaveLength(100);
    expect(tagged).toMatch(/^x+ #[a-z2-9]{8}$/);
    expect(stepName('job', 'create', 'Spring')).toHaveLength('Spring'.length + STEP_TAG_LENGTH);
    expect(stepName('job', 'create', 'Spring')).toBe(stepName('job', 'create', 'Spring'));
    expect(stepName('job', 'a', 'Spring')).not.toBe(stepName('job', 'b', 'Spring'));
  });

  it('names are kept byte for byte: no trimming, blank refused, the platform’s own limit', () => {
    const n = objectName(5);
    expect(n.parse(' a b ')).toBe(' a b ');
    expect(n.safeParse('   ').success).toBe(false);
    expect(n.safeParse('abcdef').success).toBe(false);
  });

  describe('choosing the step’s own object among the candidates', () => {
    const held = new Map<string, string>();

    it('none: undefined (the step creates)', async () => {
      expect(await claimOwn(memoryClaims('j0', held), 'create', 's', [])).toBeUndefined();
    });

    it('the one this step already holds, even beside free ones', async () => {
      held.set('10', 'j1\u0000create');
      const own = await claimOwn(memoryClaims('j1', held), 'create', 's', [{ id: '9', createdAt: 1 }, { id: '10', createdAt: 2 }]);
      expect(own?.id).toBe('10');
    });

    it('never one another job holds; the oldest free one when no more are free than could be this step’s, and claims it', async () => {
      held.set('20', 'other\u0000create');
      const claims = memoryClaims('j2', held, 1);
      const own = await claimOwn(claims, 'create', 's', [{ id: '20', createdAt: 1 }, { id: '22', createdAt: 3 }, { id: '21', createdAt: 2 }]);
      expect(own?.id).toBe('21');
      expect(held.get('21')).toBe('j2\u0000create');
    });

    it('more free candidates than steps that may have made them: CREATE_UNCONFIRMED listing them, nothing claimed', async () => {
      const err = await claimOwn(memoryClaims('j3', held), 'create', 's', [{ id: '31', createdAt: 1 }, { id: '32', createdAt: 2 }]).catch((e: unknown) => e);
      expect(isAppError(err) && err.code).toBe('CREATE_UNCONFIRMED');
      expect(isAppError(err) && err.details[0]).toMatchObject({ candidateIds: ['31', '32'] });
      expect(held.has('31') || held.has('32')).toBe(false);
    });

    it('two twins racing: the one whose claim another took first reads again and takes the other object', async () => {
      const shared = new Map<string, string>();
      const candidates = [{ id: '41', createdAt: 1 }, { id: '42', createdAt: 2 }];
      const [a, b] = [memoryClaims('ja', shared, 1), memoryClaims('jb', shared, 1)];
      // Job b reads the same standing as job a, then a claims the oldest before b's claim.
      const raced: CreateClaims = { ...b, claim: async (step, ids) => (await claimOwn(a, 'create', 's', candidates), b.claim(step, ids)) };
      expect((await claimOwn(raced, 'create', 's', candidates))?.id).toBe('42');
      expect(shared).toEqual(new Map([['41', 'ja\u0000create'], ['42', 'jb\u0000create']]));
    });
  });
});
