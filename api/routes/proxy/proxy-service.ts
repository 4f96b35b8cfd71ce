import { ProxyService } from '../../../shared/domain/proxy/proxy.service';
import type { AppDeps } from '../../deps';

const services = new WeakMap<AppDeps, ProxyService>();

/** The app's one proxy service (its object-owner cache and metric labels live as long as the app). */
export function proxyService(deps: AppDeps): ProxyService {
  let s = services.get(deps);
  if (!s) {
    const { guard, callerFor, platforms } = deps.services;
    s = new ProxyService({
      guard,
      callerFor,
      apiBase: (platform) => platforms.get(platform).descriptor.apiBase,
      logger: deps.logger,
      maxResponseBytes: deps.config.PROXY_MAX_RESPONSE_BYTES,
    });
    services.set(deps, s);
  }
  return s;
}
