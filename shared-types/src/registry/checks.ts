/**
 * A rule across two fields of a record (`EntityDef.checks`): `later` may not come before `earlier` when both are
 * given (ISO dates compare as text, years as numbers). Returns `{ [later]: message }` when broken, else `{}`.
 */
export const notBefore =
  (earlier: string, later: string, message: string) =>
  (d: Readonly<Record<string, unknown>>): Record<string, string> => {
    const a = d[earlier];
    const b = d[later];
    const both = (typeof a === 'string' && typeof b === 'string') || (typeof a === 'number' && typeof b === 'number');
    return both && b < a ? { [later]: message } : {};
  };
