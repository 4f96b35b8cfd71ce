import type { Logger } from '../../infra/logger';
import type { PlatformCaller } from './caller';
import type { RawRecords } from './raw-list';
import type { JobAccount } from './write-operation';

export interface ImportContext {
  account: JobAccount;
  caller: PlatformCaller;
  log: Logger;
}

/** One level of an account (campaigns, ad sets, …), streamed page by page. */
export interface ImportLevel<R = Record<string, unknown>> {
  level: string;
  /** The platform's id of a record (unique within the level). */
  idOf(record: R): string;
  /** Each array handed out becomes the runner's: it is emptied once encoded, so never reuse one. */
  pages(ctx: ImportContext): AsyncIterable<R[]>;
  /**
   * The same pages kept as the platform's text, when every record's id is its top-level field
   * `idKey` (read by the database): preferred over `pages`, the worker parses no record.
   */
  raw?: { idKey: string; pages(ctx: ImportContext): AsyncIterable<RawRecords> };
}

/** How an account of one platform is read level by level; each platform module has one. */
export interface ImportSource {
  platform: string;
  levels: ImportLevel[];
}
