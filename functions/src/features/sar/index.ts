/** The `sar` feature as other features see it: everything they may import from it. */

export { type Member, cadreOf, hasPhd, inPosition } from './faculty-census.js';
export { RESEARCH_MEASURES, measure } from './research-counts.js';
export { sarReadiness } from './readiness.js';
