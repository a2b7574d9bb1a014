/** A survey percent (0-100) with 2 decimals and its sign (`45.50 %`), or `-` when there is none. */
export const percentText = (n: number | null | undefined): string => (n === null || n === undefined ? '-' : `${n.toFixed(2)} %`);

/** A level 0-3 with 2 decimals (`2.00`), or `-` when there is none. */
export const levelText = (n: number | null | undefined): string => (n === null || n === undefined ? '-' : n.toFixed(2));

/** A share of a count as a percent of a whole, 1 decimal (`40.0 %`); `0.0 %` of nothing. */
export const shareText = (part: number, whole: number): string => `${(whole > 0 ? (part / whole) * 100 : 0).toFixed(1)} %`;

/** "1 response" / "32 responses" (and the like for any noun with a plain plural). */
export const countOf = (n: number, noun: string): string => `${n} ${noun}${n === 1 ? '' : 's'}`;

/** "1 person" / "3 people". */
export const peopleText = (n: number): string => (n === 1 ? '1 person' : `${n} people`);
