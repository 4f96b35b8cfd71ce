import { createGoogleAdsService, type GoogleAdsService } from '../../../shared/platforms/google/reporting/google-ads.service';
import type { AppDeps } from '../../deps';

const byApp = new WeakMap<AppDeps, GoogleAdsService>();

/**
 * Google's reporting service (GAQL fan-out, the currency cache), one per app. Only the Google
 * routes use it, so it is built here on first use rather than in the shared services.
 */
export function googleAds(deps: AppDeps): GoogleAdsService {
  let s = byApp.get(deps);
  if (!s) byApp.set(deps, (s = createGoogleAdsService(deps)));
  return s;
}
