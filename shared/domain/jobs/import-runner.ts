import { AppError } from '../../errors/app-error';
import type { ImportContext, ImportSource } from '../../platforms/core/import-source';
import type { ImportedEntityWriter } from './entity-writer';

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

/**
 * Streams an account level by level. The next page is fetched while the current one is written
 * (platform paging and database writes overlap), and a page is forgotten once written, so at most
 * two pages are in memory whatever the account size. Progress is reported after every page.
 */
export async function runImport(
  source: ImportSource,
  ctx: ImportContext,
  writer: ImportedEntityWriter,
  report: (progress: Record<string, LevelProgress>) => Promise<void>,
): Promise<ImportResult> {
  const progress: Record<string, LevelProgress> = {};
  for (const l of source.levels) progress[l.level] = { records: 0, pages: 0, done: false };
  for (const level of source.levels) {
    const p = progress[level.level]!;
    for await (const page of prefetched(level.pages(ctx))) {
      const records = page.map((data) => {
        const id = level.idOf(data);
        if (!id) throw new AppError('PLATFORM_UNAVAILABLE', `A ${level.level} record came without an id`);
        return { id, data };
      });
      await writer.upsert(level.level, records);
      p.records += records.length;
      p.pages += 1;
      await report(progress);
    }
    p.done = true;
    await report(progress);
  }
  const removed = await writer.pruneUnseen(source.levels.map((l) => l.level));
  const seen = await writer.countsSeen();
  const counts = Object.fromEntries(source.levels.map((l) => [l.level, seen[l.level] ?? 0]));
  const pages = Object.fromEntries(source.levels.map((l) => [l.level, progress[l.level]!.pages]));
  return { counts, pages, removed };
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
