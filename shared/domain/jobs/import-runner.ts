import { AppError, isAppError } from '../../errors/app-error';
import type { ImportContext, ImportLevel, ImportSource } from '../../platforms/core/import-source';
import type { RawRecords } from '../../platforms/core/raw-list';
import { encodeRecords, type EncodedPage } from './entity-writer';

export interface LevelProgress {
  records: number;
  pages: number;
  done: boolean;
}

export interface ImportResult {
  /** Distinct records per level now stored for the account. */
  counts: Record<string, number>;
  pages: Record<string, number>;
  removed: number;
}

/** Where an import stores what it reads (ImportedEntityWriter). */
export interface ImportWriter {
  upsertEncoded(level: string, page: EncodedPage): Promise<void>;
  /** Stores a page kept as the platform's text, each record's id read from its field `idKey`. */
  upsertRaw?(level: string, idKey: string, page: RawRecords): Promise<void>;
  pruneUnseen(levels: string[]): Promise<number>;
  countsSeen(): Promise<Record<string, number>>;
}

export interface ImportOptions {
  /**
   * Progress is reported at most this often while pages stream (and always when the import ends):
   * each report is a Redis and a PostgreSQL write, which at one per page competes with the import.
   */
  progressEveryMs?: number;
}

/** One fetched page, already in the form the writer sends: encoded records, or the platform's text. */
interface FetchedPage {
  level: string;
  count: number;
  encoded?: EncodedPage;
  raw?: { idKey: string; records: RawRecords };
}

/**
 * Streams an account level by level. The next page is fetched while the current one is written
 * (platform paging and database writes overlap, across level boundaries too), and a page is encoded
 * for the database as soon as it arrives, so what waits is one JSON text per page rather than its
 * parsed records: at most the page being written and the one fetched ahead are in memory, whatever
 * the account size. A page that cannot be stored stops the import (nothing after it is fetched).
 */
export async function runImport(
  source: ImportSource,
  ctx: ImportContext,
  writer: ImportWriter,
  report: (progress: Record<string, LevelProgress>) => Promise<void>,
  opts: ImportOptions = {},
): Promise<ImportResult> {
  const everyMs = opts.progressEveryMs ?? 250;
  const progress: Record<string, LevelProgress> = {};
  for (const l of source.levels) progress[l.level] = { records: 0, pages: 0, done: false };
  const order = source.levels.map((l) => l.level);
  let reportedAt = 0;
  for await (const page of prefetched(fetchedPages(source, ctx, !!writer.upsertRaw))) {
    // Pages come level by level: a page of a later level means every earlier one is complete.
    for (const l of order.slice(0, order.indexOf(page.level))) progress[l]!.done = true;
    await store(writer, page, progress[page.level]!.pages + 1, ctx);
    const p = progress[page.level]!;
    p.records += page.count;
    p.pages += 1;
    if (Date.now() - reportedAt >= everyMs) {
      reportedAt = Date.now();
      await report(progress);
    }
  }
  for (const l of order) progress[l]!.done = true;
  await report(progress);
  const removed = await writer.pruneUnseen(order);
  const seen = await writer.countsSeen();
  const counts = Object.fromEntries(order.map((l) => [l, seen[l] ?? 0]));
  const pages = Object.fromEntries(order.map((l) => [l, progress[l]!.pages]));
  return { counts, pages, removed };
}

async function store(writer: ImportWriter, page: FetchedPage, n: number, ctx: ImportContext): Promise<void> {
  try {
    if (page.raw) await writer.upsertRaw!(page.level, page.raw.idKey, page.raw.records);
    else await writer.upsertEncoded(page.level, page.encoded!);
  } catch (e) {
    if (isAppError(e)) throw e;
    // The database's own message goes to the worker's log only; the job says what failed.
    ctx.log.error({ err: e, level: page.level, page: n }, 'could not store an import page');
    throw new AppError('SERVICE_UNAVAILABLE', `Could not store page ${n} of the ${page.level} records`, { cause: e });
  }
}

/** Every level's pages in order, each encoded on arrival (the parsed records die young). */
async function* fetchedPages(source: ImportSource, ctx: ImportContext, rawWriter: boolean): AsyncGenerator<FetchedPage> {
  for (const level of source.levels) {
    if (level.raw && rawWriter) {
      const { idKey } = level.raw;
      for await (const records of level.raw.pages(ctx)) yield { level: level.level, count: records.length, raw: { idKey, records } };
      continue;
    }
    for await (const records of level.pages(ctx)) {
      const encoded = encodePage(level, records);
      const page = { level: level.level, count: encoded.count, encoded };
      // Emptied in place: the source's suspended frame still holds this array (and a source that asks
      // ahead holds the next page too), and the parsed records would otherwise live until it resumes.
      records.length = 0;
      yield page;
    }
  }
}

function encodePage(level: ImportLevel, records: Record<string, unknown>[]): EncodedPage {
  return encodeRecords(
    records.map((data) => {
      const id = level.idOf(data);
      if (!id) throw new AppError('PLATFORM_UNAVAILABLE', `A ${level.level} record came without an id`);
      return { id, data };
    }),
  );
}

/**
 * Yields what `source` yields, asking it for the next item as soon as one is handed out, so the
 * caller's work on item n overlaps the fetch of item n + 1. One item ahead at most.
 */
export async function* prefetched<T>(source: AsyncIterable<T>): AsyncGenerator<T> {
  const it = source[Symbol.asyncIterator]();
  let next = it.next();
  try {
    for (;;) {
      const r = await next;
      if (r.done) return;
      next = it.next();
      // Settled by the next turn of the loop; if the caller stops first, `finally` awaits it.
      next.catch(() => undefined);
      yield r.value;
    }
  } finally {
    // The caller stopped early (an error while writing): let the fetch in flight end, then close the source.
    await next.catch(() => undefined);
    await it.return?.();
  }
}
