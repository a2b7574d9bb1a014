/**
 * Writes the API's OpenAPI document (`openApiDocument`) to `frontend/dist/api/openapi.json` (or the path given), where
 * the site serves it as `GET /api/openapi.json` (CloudFront from the site bucket; the local server from the build).
 * The frontend's `npm run build` runs it after Vite, so the document always matches the contracts it was built with.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openApiText } from './openapi-text.js';

const file = resolve(
  process.argv[2] ?? join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'frontend', 'dist', 'api', 'openapi.json'),
);
mkdirSync(dirname(file), { recursive: true });
writeFileSync(file, openApiText());
console.log(`OpenAPI document written: ${file}`);
