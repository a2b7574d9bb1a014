import { FilterXSS } from 'xss';

/**
 * Sanitizes rich text from PrimeReact's Editor (Quill) before it is stored: keeps formatting tags and links,
 * drops scripts, event handlers, inline styles and `javascript:` URLs (the `xss` library's allow-list filter;
 * its default attribute filter already refuses script URLs).
 */
const filter = new FilterXSS({
  whiteList: {
    p: ['class'],
    br: [],
    strong: [],
    b: [],
    em: [],
    i: [],
    u: [],
    s: [],
    sub: [],
    sup: [],
    h1: [],
    h2: [],
    h3: [],
    blockquote: [],
    pre: ['class'],
    code: [],
    ol: [],
    ul: [],
    li: ['data-list', 'class'],
    span: ['class'],
    a: ['href', 'target', 'rel'],
  },
  // No `style` attribute is kept, so no CSS is filtered (the Lambda bundles carry no CSS filter: no-css-filter.ts).
  css: false,
  stripIgnoreTag: true,
  stripIgnoreTagBody: ['script', 'style', 'iframe', 'object', 'embed'],
});

/** Returns `html` with everything outside the allow-list removed. */
export function sanitizeHtml(html: string): string {
  return filter.process(html);
}
