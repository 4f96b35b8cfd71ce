/**
 * What the Meta route tests share besides the world (test/world): data only. The seeded simulator
 * ids are ACCOUNTS, PAGES and BUSINESSES of test/simulators/facebook.
 */
import { defaultVersion } from '../../../shared/platforms/core/versions';
import { facebookVersions } from '../../../shared/platforms/facebook/versions';

/** Gateway env of the Meta route tests: writes wait for their job, report runs are polled fast, one retry, no API rate limit in the way. */
export const FB_ENV: Record<string, string> = { WRITE_SYNC_TIMEOUT_MS: '10000', FACEBOOK_INSIGHTS_POLL_MS: '50', HTTP_MAX_RETRIES: '1', RATE_LIMIT_PER_MINUTE: '100000' };

/** The Graph version the gateway sends by default: the path prefix of every call the simulator records. */
export const GRAPH_VERSION = defaultVersion(facebookVersions);
