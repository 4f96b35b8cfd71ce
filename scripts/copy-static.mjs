// Copies what tsc does not into a build's output folder (default dist/): Redoc's standalone bundle
// (a dev dependency, so /docs works where only production dependencies are installed) and the
// pages' static assets.
import { copyFileSync, cpSync, mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);
const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const out = path.resolve(process.argv[2] ?? path.join(root, 'dist'));
mkdirSync(path.join(out, 'vendor'), { recursive: true });
copyFileSync(require.resolve('redoc/bundles/redoc.standalone.js'), path.join(out, 'vendor', 'redoc.standalone.js'));
cpSync(path.join(root, 'api', 'pages', 'assets'), path.join(out, 'api', 'pages', 'assets'), { recursive: true });
