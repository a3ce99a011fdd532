// `npm run openapi -w server`: writes the public API's OpenAPI document (generated from the contracts)
// to server/openapi.json, the committed copy that the docs page and a staleness test read.
import { writeFileSync } from 'node:fs';
import { buildOpenApiDocument } from '../src/features/public-api/openapi.js';

const file = new URL('../openapi.json', import.meta.url);
writeFileSync(file, `${JSON.stringify(buildOpenApiDocument(), null, 2)}\n`);
console.log(`wrote ${file.pathname}`);
