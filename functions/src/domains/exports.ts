import { facultyCvRouter } from '../http/faculty-cv-routes.js';
import { defineDomain } from './domain-module.js';

/**
 * The `exports` domain: files people download that need large writer libraries, kept in a Lambda of their own so
 * the others stay small (the `docx` and `jspdf` libraries are ~740 KB minified, five times a domain Lambda). Serves
 * the faculty CV (`/api/faculty-cv`, DOCX or PDF). It has no records of its own.
 */
export const exportsDomain = defineDomain({
  name: 'exports',
  behaviours: [],
  routes: [{ path: '/api/faculty-cv', router: facultyCvRouter }],
});
