import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { Router } from 'express';
import { CACHE_SECONDS, cacheableBody, sendCacheable, type CacheableBody } from '../http/cacheable';
import { faviconIco } from './favicon';

const TYPES: Record<string, string> = { '.css': 'text/css; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.svg': 'image/svg+xml' };

/** The asset folder in the source tree; `npm run build` runs from dist/, where tsc copies no assets. */
function assetDir(): string {
  const beside = path.join(__dirname, 'assets');
  return existsSync(beside) ? beside : path.resolve(__dirname, '..', '..', '..', 'api', 'pages', 'assets');
}

/**
 * Files of api/pages/assets, read once and served from memory at /assets/<name>, and the favicon:
 * no CDN, works offline. Each carries an ETag, so a browser revalidates instead of downloading again.
 */
export function assetsRouter(): Router {
  const dir = assetDir();
  const files = new Map<string, CacheableBody>();
  for (const name of readdirSync(dir)) {
    const type = TYPES[path.extname(name)];
    if (type) files.set(name, cacheableBody(readFileSync(path.join(dir, name)), type));
  }
  const favicon = cacheableBody(faviconIco(), 'image/x-icon');
  const router = Router();
  router.get('/assets/:name', (req, res, next) => {
    const file = files.get(req.params.name);
    if (!file) return next();
    res.setHeader('X-Content-Type-Options', 'nosniff');
    sendCacheable(req, res, file, CACHE_SECONDS.pageAsset);
  });
  router.get('/favicon.ico', (req, res) => sendCacheable(req, res, favicon, CACHE_SECONDS.vendor));
  return router;
}
