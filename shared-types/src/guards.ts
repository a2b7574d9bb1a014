/**
 * Type guards for values read from outside the program (request bodies, stored items, query strings): each checks at
 * run time what the type then says, so callers narrow instead of casting.
 */

/** Whether `v` is a plain object (not null, not an array): a JSON object such as a request body. */
export const isPlainObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** `v` when it is an object (an array too, as before: its keys are read, none match), else `{}`: a body read field by field. */
export const objectOrEmpty = (v: unknown): Record<string, unknown> => (typeof v === 'object' && v !== null ? { ...v } : {});

/**
 * Whether `v` is one of `choices` (a `const` list such as `SAR_FORMATS`): narrows text from a query or a body to the
 * list's union type.
 * @example isOneOf(SAR_FORMATS, 'pdf') // true, and `format` is then a `SarFormat`
 */
export const isOneOf = <T extends string | number>(choices: readonly T[], v: unknown): v is T => choices.some((c) => c === v);

/** Whether `k` is an own key of `o` (not an inherited one such as `toString`): narrows text to the object's keys. */
export const isKeyOf = <T extends object>(o: T, k: string): k is Extract<keyof T, string> => Object.hasOwn(o, k);

/** Whether `v` is an array of strings. */
export const isStringArray = (v: unknown): v is string[] => Array.isArray(v) && v.every((x) => typeof x === 'string');

/** The `name` of a thrown value (an AWS SDK exception's type, `'AbortError'`...), or `''` when it has none. */
export const errorName = (e: unknown): string =>
  typeof e === 'object' && e !== null && 'name' in e && typeof e.name === 'string' ? e.name : '';

/**
 * The message of a thrown value: its `message` when it has a text one, else `otherwise` (default: the value as text,
 * `String(e)`).
 */
export const errorMessage = (e: unknown, otherwise?: string): string =>
  typeof e === 'object' && e !== null && 'message' in e && typeof e.message === 'string' ? e.message : (otherwise ?? String(e));

/**
 * A value read from a stored item or record as text: a string as it is, a finite number written out (`2025` ->
 * `'2025'`), anything else (missing, null, an object) `''`. Use it where a field may be absent or of an older shape;
 * it never turns an object into `'[object Object]'`.
 * @example textOf(record.publication_year) // '2025' for 2025, '' when the field is missing
 */
export const textOf = (v: unknown): string => (typeof v === 'string' ? v : typeof v === 'number' && Number.isFinite(v) ? `${v}` : '');

/** A value read from a stored item or record as a number: a finite number as it is, anything else `undefined`. */
export const numberOf = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);
