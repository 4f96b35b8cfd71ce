/**
 * What the Meta route tests share besides the world (test/world): data only. The seeded simulator
 * ids are ACCOUNTS, PAGES and BUSINESSES of test/simulators/facebook.
 */

/** Gateway env of the Meta route tests: writes wait for their job, report runs are polled fast, one retry, no API rate limit in the way. */
export const FB_ENV: Record<string, string> = { WRITE_SYNC_TIMEOUT_MS: '10000', FACEBOOK_INSIGHTS_POLL_MS: '50', HTTP_MAX_RETRIES: '1', RATE_LIMIT_PER_MINUTE: '100000' };
