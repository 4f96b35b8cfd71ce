import type { Logger } from '../../infra/logger';
import type { JobAccount, PlatformCaller } from './platform-access';
import { tiktokImportSource } from '../../platforms/tiktok/operations/import-source';
import { facebookImportSource } from '../../platforms/facebook/operations/import-source';
import { googleImportSource } from '../../platforms/google/operations/import-source';

export interface ImportContext {
  account: JobAccount;
  platform: PlatformCaller;
  log: Logger;
}

/** One level of an account (campaigns, ad sets, …), streamed page by page. */
export interface ImportLevel<R = Record<string, unknown>> {
  level: string;
  /** The platform's id of a record (unique within the level). */
  idOf(record: R): string;
  pages(ctx: ImportContext): AsyncIterable<R[]>;
}

/** How an account of one platform is read level by level. Surfaces register theirs in `importSources`. */
export interface ImportSource {
  platform: string;
  levels: ImportLevel[];
}

export const importSources: ImportSource[] = [facebookImportSource, tiktokImportSource, googleImportSource];

const extra = new Map<string, ImportSource>();

export function registerImportSource(source: ImportSource): void {
  extra.set(source.platform, source);
}

export function findImportSource(platform: string): ImportSource | undefined {
  return extra.get(platform) ?? importSources.find((s) => s.platform === platform);
}
