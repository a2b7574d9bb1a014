/**
 * The named query parameters that have a value (present and not empty), as name -> value: the filters a page was
 * opened with (`?department=…&term=…`), in the order of `names`. Absent and empty parameters are left out.
 */
export function presentParams(params: URLSearchParams, names: readonly string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const k of names) {
    const v = params.get(k);
    if (v) out[k] = v;
  }
  return out;
}
