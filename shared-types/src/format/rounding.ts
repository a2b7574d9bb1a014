/**
 * Rounds half away from zero to `digits` decimals (2.345 -> 2.35, -2.345 -> -2.35), correcting the binary error of
 * values such as 2.165 first (to 15 significant digits). The rounding of every figure a page or the SAR shows with
 * two decimals, so the same value rounds the same way on the server and in the browser. Pure.
 */
export function roundHalfAway(x: number, digits = 2): number {
  const f = 10 ** digits;
  // 2.165 * 100 is 216.49999999999997 in binary; 15 significant digits give back the decimal 216.5 people wrote.
  return (Math.sign(x) * Math.round(Number((Math.abs(x) * f).toPrecision(15)))) / f;
}
