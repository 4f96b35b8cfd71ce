import { ProxyService } from '../../../shared/domain/proxy/proxy.service';
import type { AppDeps } from '../../deps';

const services = new WeakMap<AppDeps, ProxyService>();

/** The app's one proxy service (its object-owner cache and metric labels live as long as the app). */
export function proxyService(deps: AppDeps): ProxyService {
  let s = services.get(deps);
  if (!s) {
    const { guard, callerFor, platformAuth, platforms } = deps.services;
    s = new ProxyService({
      guard,
      callerFor,
      accessToken: async (connectionId) => (await platformAuth.tokenSource(connectionId)).get(),
      apiBase: (platform) => platforms.get(platform).descriptor.apiBase,
      logger: deps.logger,
    });
    services.set(deps, s);
  }
  return s;
}
