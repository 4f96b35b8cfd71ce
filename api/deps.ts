import type { InfraDeps } from '../shared/infra/infra-deps';
import type { Services } from '../shared/domain/services';

/** Everything the HTTP app needs, built once by the entry point (or a test) and passed to createApp. */
export interface AppDeps extends InfraDeps {
  services: Services;
}
