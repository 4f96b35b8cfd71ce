import { AppError } from '../../errors/app-error';
import type { Config } from '../../infra/config';
import type { HttpClientDeps } from './http-client';
import { isPlatform, type Platform, type PlatformAdapter } from './types';

/** What every adapter factory gets. */
export interface AdapterDeps {
  config: Config;
  http: HttpClientDeps;
}

export type AdapterFactory = (deps: AdapterDeps) => PlatformAdapter;

/** Resolves adapters by platform; the only place that knows which platforms exist is the factory list. */
export class PlatformRegistry {
  private readonly byName = new Map<Platform, PlatformAdapter>();

  constructor(adapters: PlatformAdapter[]) {
    for (const a of adapters) this.byName.set(a.platform, a);
  }

  get(platform: string): PlatformAdapter {
    const a = isPlatform(platform) ? this.byName.get(platform) : undefined;
    if (!a) throw new AppError('NOT_FOUND', `Unknown platform ${platform}`);
    return a;
  }

  all(): PlatformAdapter[] {
    return [...this.byName.values()];
  }

  async close(): Promise<void> {
    await Promise.all(this.all().map((a) => (a.client as { close?: () => Promise<void> }).close?.()));
  }
}
