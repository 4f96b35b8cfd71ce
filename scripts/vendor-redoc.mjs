// Copies Redoc's standalone bundle into dist/vendor, so /docs works where dev dependencies are not installed.
import { copyFileSync, mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);
const target = path.resolve(import.meta.dirname ?? path.dirname(new URL(import.meta.url).pathname), '../dist/vendor');
mkdirSync(target, { recursive: true });
copyFileSync(require.resolve('redoc/bundles/redoc.standalone.js'), path.join(target, 'redoc.standalone.js'));
