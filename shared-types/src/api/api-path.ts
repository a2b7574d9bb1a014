/**
 * A path that means the API but is not written as it (`/API/program`, `//api/program`, `/Api`): answered with the
 * API's JSON 404 rather than the web page. The local server and the CloudFront Function in front of the site use this
 * same pattern (the function's code is built from `MISWRITTEN_API_PATH.source`). `/api/...` itself is the API's.
 */
export const MISWRITTEN_API_PATH = /^(?:\/{2,}api(?:\/|$)|\/+(?!api(?:\/|$))[aA][pP][iI](?:\/|$))/;

/** Whether `path` (a URL's path, not decoded) means the API but is written otherwise (`MISWRITTEN_API_PATH`). */
export const isMiswrittenApiPath = (path: string): boolean => MISWRITTEN_API_PATH.test(path);

/** What the 404's `errors.detail` says after the path. */
export const MISWRITTEN_API_PATH_HINT = ': API paths are written /api/... in lower case with single slashes';

/** The `errors.detail` of that 404: "No API route at /API/program: API paths are written ...". */
export const miswrittenApiPathDetail = (path: string): string => `No API route at ${path.slice(0, 200)}${MISWRITTEN_API_PATH_HINT}`;

/**
 * The CloudFront Function (cloudfront-js-2.0, viewer request, on the site's default behaviour) that answers such a path
 * with the same JSON 404 instead of the web page; every other request passes on unchanged.
 */
export const miswrittenApiPathFunctionCode = (): string =>
  [
    `var PATTERN = new RegExp(${JSON.stringify(MISWRITTEN_API_PATH.source)});`,
    'function handler(event) {',
    '  var uri = event.request.uri;',
    '  if (!PATTERN.test(uri)) return event.request;',
    `  var detail = 'No API route at ' + uri.slice(0, 200) + ${JSON.stringify(MISWRITTEN_API_PATH_HINT)};`,
    '  return {',
    "    statusCode: 404, statusDescription: 'Not Found',",
    "    headers: { 'content-type': { value: 'application/json; charset=utf-8' }, 'cache-control': { value: 'no-store' } },",
    "    body: { encoding: 'text', data: JSON.stringify({ errors: { detail: detail } }) }",
    '  };',
    '}',
  ].join('\n');
