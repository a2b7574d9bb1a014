/**
 * `npm run powers:doc`: writes docs/powers.md from `POWERS` (shared-types/src/identity/powers.ts). Run it after
 * changing a power; the unit test shared-types/tests/powers.test.ts fails while the written table is stale.
 */
import { writeFileSync } from 'node:fs';
import { POWERS_DOC, powersDoc } from './powers-doc.js';

writeFileSync(POWERS_DOC, await powersDoc());
console.log(`Powers table written: ${POWERS_DOC}`);
