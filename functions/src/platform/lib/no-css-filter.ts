/**
 * Stands in for the `cssfilter` package in the Lambda bundles (`BUNDLING.alias`, infra/lib/bundling.ts). The `xss`
 * library that sanitizes rich text (`sanitize-html.ts`) loads `cssfilter` at start, with a 7 KB default list of CSS
 * properties, but uses it only for a `style` attribute, which Attain's allow-list never keeps (`css: false` there too).
 * So the bundles carry this instead: a filter that keeps no CSS at all, stricter than the default, should a `style`
 * attribute ever reach it. Tests and the local stack run the real package; the deployed-shape run runs these bundles.
 */
export class FilterCSS {
  /** Returns no CSS: every declaration is dropped. */
  process(): string {
    return '';
  }
}

/** No CSS property is allowed. */
export const getDefaultWhiteList = (): Record<string, boolean> => ({});
