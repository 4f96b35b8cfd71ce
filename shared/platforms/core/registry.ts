import { AppError } from '../../errors/app-error';
import type { Config } from '../../infra/config';
import type { HttpClientDeps } from './http-client';
import type { PlatformAdapter } from './types';

/** What every adapter factory gets. */
export interface AdapterDeps {
  config: Config;
  http: HttpClientDeps;
  /** The module's own config slice (`PlatformModule.config`), parsed; `{}` for a module without one. */
  platformConfig?: Record<string, unknown>;
}

export type AdapterFactory = (deps: AdapterDeps) => PlatformAdapter;

/** Resolves adapters by platform; which platforms exist is the module list in shared/platforms/index.ts. */
export class PlatformRegistry {
  private readonly byName = new Map<string, PlatformAdapter>();

  constructor(adapters: PlatformAdapter[]) {
    for (const a of adapters) this.byName.set(a.platform, a);
  }

  get(platform: string): PlatformAdapter {
    const a = this.byName.get(platform);
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
