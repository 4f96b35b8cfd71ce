export const TAGS = ['Facebook'];
/** Statuses a guarded Meta read can answer with besides 400/401/429/500. */
export const READ_ERRORS = [403, 404, 422, 502, 504];
export const WRITE_ERRORS = [403, 404, 409, 422, 502, 504];

/** What every guarded Meta GET shares (spread into `guardedRoute`): the ad account named in the query. */
export const META_READ = { platform: 'facebook' as const, from: 'query' as const, method: 'get' as const, tags: TAGS, auth: 'external' as const, errors: READ_ERRORS };

/** What every Meta write route shares (spread into `writeRoute`): the ad account named in the body. */
export const META_WRITE = { from: 'body' as const, tags: TAGS, auth: 'external' as const, errors: WRITE_ERRORS };
