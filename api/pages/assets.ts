import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { Router } from 'express';

const TYPES: Record<string, string> = { '.css': 'text/css; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.svg': 'image/svg+xml' };

/** The asset folder in the source tree; `npm run build` runs from dist/, where tsc copies no assets. */
function assetDir(): string {
  const beside = path.join(__dirname, 'assets');
  return existsSync(beside) ? beside : path.resolve(__dirname, '..', '..', '..', 'api', 'pages', 'assets');
}

/** Files of api/pages/assets, read once and served from memory at /assets/<name>: no CDN, works offline. */
export function assetsRouter(): Router {
  const dir = assetDir();
  const files = new Map<string, { body: Buffer; type: string }>();
  for (const name of readdirSync(dir)) {
    const type = TYPES[path.extname(name)];
    if (type) files.set(name, { body: readFileSync(path.join(dir, name)), type });
  }
  const router = Router();
  router.get('/assets/:name', (req, res, next) => {
    const file = files.get(req.params.name);
    if (!file) return next();
    res.setHeader('Content-Type', file.type);
    res.setHeader('Cache-Control', 'public, max-age=300');
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.send(file.body);
  });
  return router;
}
