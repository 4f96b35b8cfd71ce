import pino from 'pino';
import { AppError } from '../../../shared/errors/app-error';
import type { ImportContext, ImportSource } from '../../../shared/platforms/core/import-source';
import { encodeRecords, type EncodedPage } from '../../../shared/domain/jobs/entity-writer';
import { runImport, type ImportWriter, type LevelProgress } from '../../../shared/domain/jobs/import-runner';

type Rec = { id: string; v: number };
const ctx = { log: pino({ level: 'silent' }) } as unknown as ImportContext;
const tick = () => new Promise((r) => setImmediate(r));

/** A platform with paged levels; `log` records every fetch start and end, in order. */
function platform(levels: Record<string, Rec[][]>, log: string[]): ImportSource {
  return {
    platform: 'test',
    levels: Object.entries(levels).map(([level, pages]) => ({
      level,
      idOf: (r) => String((r as Rec).id ?? ''),
      async *pages() {
        for (const [i, page] of pages.entries()) {
          log.push(`fetch ${level} ${i + 1}`);
          await tick();
          log.push(`fetched ${level} ${i + 1}`);
          yield page;
        }
      },
    })),
  };
}

/** Stores pages in a map; `failAt` makes the n-th page write (1-based, over the whole import) fail. */
function store(log: string[], opts: { failAt?: number; writeTicks?: number } = {}) {
  const rows = new Map<string, unknown>();
  let writes = 0;
  const writer: ImportWriter & { rows: typeof rows; pruned: boolean } = {
    rows,
    pruned: false,
    async upsertEncoded(level: string, page: EncodedPage) {
      const n = ++writes;
      log.push(`write ${level}`);
      for (let i = 0; i < (opts.writeTicks ?? 1); i++) await tick();
      if (n === opts.failAt) throw new Error('connection terminated unexpectedly');
      const records = JSON.parse(page.json) as unknown[];
      page.ids.forEach((id, i) => rows.set(`${level}:${id}`, records[i]));
      log.push(`written ${level}`);
    },
    async pruneUnseen() {
      writer.pruned = true;
      return 0;
    },
    async countsSeen() {
      const counts: Record<string, number> = {};
      for (const k of rows.keys()) counts[k.split(':')[0]!] = (counts[k.split(':')[0]!] ?? 0) + 1;
      return counts;
    },
  };
  return writer;
}

const recs = (from: number, n: number, v = 1): Rec[] => Array.from({ length: n }, (_, i) => ({ id: String(from + i), v }));

describe('account import: paging overlapped with database writes', () => {
  it('stores every record of every level, in fetch order, and reports per-level counts, pages and completion', async () => {
    const log: string[] = [];
    const source = platform({ campaign: [recs(1, 3), recs(4, 2)], adgroup: [recs(10, 2), [{ id: '11', v: 1 }, { id: '12', v: 2 }, { id: '11', v: 3 }]], pixel: [] }, log);
    const writer = store(log);
    const reports: Record<string, LevelProgress>[] = [];
    const result = await runImport(source, ctx, writer, async (p) => void reports.push(structuredClone(p)), { progressEveryMs: 0 });

    expect(log.filter((l) => l.startsWith('written'))).toEqual(['written campaign', 'written campaign', 'written adgroup', 'written adgroup']);
    // A repeated id within a page is stored once, with its last copy.
    expect(writer.rows.get('adgroup:11')).toEqual({ id: '11', v: 3 });
    expect(result).toEqual({ counts: { campaign: 5, adgroup: 3, pixel: 0 }, pages: { campaign: 2, adgroup: 2, pixel: 0 }, removed: 0 });
    expect(writer.pruned).toBe(true);
    expect(reports.at(-1)).toEqual({
      campaign: { records: 5, pages: 2, done: true },
      adgroup: { records: 5, pages: 2, done: true },
      pixel: { records: 0, pages: 0, done: true },
    });
    // A level reads as done once a later level's page is stored, never before its own last page.
    expect(reports.find((r) => r.adgroup!.pages === 1)?.campaign).toEqual({ records: 5, pages: 2, done: true });
    expect(reports.find((r) => r.campaign!.pages === 1)?.campaign!.done).toBe(false);
  });

  it('fetches the next page, also the next level\u2019s first, while a page is written, and is never more than one page ahead', async () => {
    const log: string[] = [];
    const source = platform({ campaign: [recs(1, 1), recs(2, 1)], adgroup: [recs(3, 1), recs(4, 1), recs(5, 1)] }, log);
    await runImport(source, ctx, store(log, { writeTicks: 5 }), async () => undefined);

    const at = (e: string) => log.indexOf(e);
    expect(at('fetch campaign 2')).toBeLessThan(at('written campaign'));
    // The adgroup level's first page is on its way while the campaign level's last page is stored.
    expect(at('fetch adgroup 1')).toBeLessThan(log.lastIndexOf('written campaign'));
    let fetched = 0;
    let written = 0;
    for (const e of log) {
      if (e.startsWith('fetch ')) fetched++;
      if (e.startsWith('written ')) written++;
      // The page being written plus one fetched ahead.
      expect(fetched - written).toBeLessThanOrEqual(2);
    }
  });

  it('a page that cannot be stored stops the import with an error naming the page; nothing is pruned', async () => {
    const log: string[] = [];
    const source = platform({ campaign: [recs(1, 2), recs(3, 2), recs(5, 2), recs(7, 2), recs(9, 2)] }, log);
    const writer = store(log, { failAt: 2 });
    const reports: Record<string, LevelProgress>[] = [];
    const run = runImport(source, ctx, writer, async (p) => void reports.push(structuredClone(p)), { progressEveryMs: 0 });

    await expect(run).rejects.toMatchObject({ code: 'SERVICE_UNAVAILABLE', message: 'Could not store page 2 of the campaign records' });
    // Page 3 was already on its way when page 2 failed; nothing after it is asked for.
    expect(log.filter((l) => l.startsWith('fetch '))).toEqual(['fetch campaign 1', 'fetch campaign 2', 'fetch campaign 3']);
    expect(writer.pruned).toBe(false);
    expect(reports.at(-1)).toEqual({ campaign: { records: 2, pages: 1, done: false } });
  });

  it('a page holds no parsed record once encoded: only its text waits for the database', async () => {
    const pages = [recs(1, 2), recs(3, 2), recs(5, 2)];
    const writer = store([]);
    const write = writer.upsertEncoded.bind(writer);
    const lengthWhenWritten: number[] = [];
    writer.upsertEncoded = async (level, page) => {
      lengthWhenWritten.push(pages[lengthWhenWritten.length]!.length);
      await write(level, page);
    };
    const result = await runImport(platform({ campaign: pages }, []), ctx, writer, async () => undefined);
    expect(result.counts).toEqual({ campaign: 6 });
    expect([...writer.rows.keys()]).toEqual(['1', '2', '3', '4', '5', '6'].map((id) => `campaign:${id}`));
    // The source handed out these arrays and its suspended frame still holds them: they are empty.
    expect(lengthWhenWritten).toEqual([0, 0, 0]);
    expect(pages.map((p) => p.length)).toEqual([0, 0, 0]);
  });

  it('a platform failure while paging ends the import with the platform error', async () => {
    const failing: ImportSource = {
      platform: 'test',
      levels: [
        {
          level: 'campaign',
          idOf: (r) => String(r.id),
          async *pages() {
            yield recs(1, 2);
            throw new AppError('PLATFORM_UNAVAILABLE', 'TikTok failed to answer');
          },
        },
      ],
    };
    const writer = store([]);
    await expect(runImport(failing, ctx, writer, async () => undefined)).rejects.toMatchObject({ code: 'PLATFORM_UNAVAILABLE' });
    expect(writer.pruned).toBe(false);
  });

  it('reports progress at most once per interval while streaming, and always at the end', async () => {
    const log: string[] = [];
    const source = platform({ campaign: [recs(1, 1), recs(2, 1), recs(3, 1), recs(4, 1)] }, log);
    const reports: Record<string, LevelProgress>[] = [];
    await runImport(source, ctx, store(log), async (p) => void reports.push(structuredClone(p)), { progressEveryMs: 60_000 });
    expect(reports).toEqual([{ campaign: { records: 1, pages: 1, done: false } }, { campaign: { records: 4, pages: 4, done: true } }]);
  });
});

describe('page encoding for the database', () => {
  it('one array element per distinct record, aligned with its id', () => {
    const page = encodeRecords([
      { id: 'a', data: { name: 'two\nlines', nested: { text: 'cr\r\nlf' } } },
      { id: 'b', data: { name: 'plain' } },
      { id: 'a', data: { name: 'last\ncopy' } },
    ]);
    expect(page.count).toBe(3);
    expect(page.ids).toEqual(['a', 'b']);
    expect(JSON.parse(page.json)).toEqual([{ name: 'last\ncopy' }, { name: 'plain' }]);
  });
});
