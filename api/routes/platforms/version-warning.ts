import type { RequestHandler } from 'express';
import type { AppDeps } from '../../deps';
import type { RouteSpec } from '../route';

/**
 * Adds the platform's sunset warning (Deprecation, Sunset, Link) to a route's answers while the API
 * version in use is within its warning window, so a client sees it on the calls it already makes.
 */
function versionWarning(platform: string): RequestHandler {
  return (req, res, next) => {
    const headers = (req.app.locals.deps as AppDeps).services.platformVersions.warningHeaders(platform);
    // An MCP tool call runs the route on its own answer, which may already be streaming.
    if (headers && !res.headersSent) {
      const { Link, ...rest } = headers;
      res.set(rest);
      if (Link) res.append('Link', Link);
    }
    next();
  };
}

/** Each platform's own routes, each answering with its platform's sunset warning. */
export function withVersionWarnings(byPlatform: Readonly<Record<string, readonly RouteSpec[]>>): RouteSpec[] {
  return Object.entries(byPlatform).flatMap(([platform, routes]) => {
    const warn = versionWarning(platform);
    return routes.map((r) => ({ ...r, before: [warn, ...(r.before ?? [])] }));
  });
}
