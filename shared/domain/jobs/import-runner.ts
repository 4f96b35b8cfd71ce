import { AppError } from '../../errors/app-error';
import type { ImportContext, ImportSource } from './import-sources';
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
 * Streams an account level by level: each page is upserted and forgotten before the next is
 * fetched, so memory stays flat whatever the account size. Progress is reported after every page.
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
    for await (const page of level.pages(ctx)) {
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
