import type { CallRequest } from '../core/caller';
import type { PlatformWriteSafety } from '../core/write-safety';

/** Every Google Ads `…:mutate` request takes `validateOnly: true`: Google checks it fully and changes nothing (docs/platforms/google.md). */
export const googleWriteSafety: PlatformWriteSafety = {
  budgetUnit: 'micros',
  validateOnly: (req: CallRequest) =>
    req.method === 'POST' && req.path.endsWith(':mutate') ? { ...req, body: { ...(req.body as Record<string, unknown>), validateOnly: true } } : undefined,
};
