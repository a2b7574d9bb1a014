import type { CampusLocale } from '../entities/choices.js';

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * A date as the campus writes it: `2026-11-21` -> `21/11/2026` (en-IN, en-GB) or `11/21/2026` (en-US). A date-only
 * value is a calendar day, never shifted by the time zone; a timestamp (`2026-11-21T06:30:00Z`) shows its local day.
 * Text that is not a date comes back as it is. Pure (`Intl`), shared by the pages and the server's documents.
 */
export function formatDate(value: string, locale: CampusLocale): string {
  const day = ISO_DATE.exec(value);
  const when = day ? new Date(Date.UTC(Number(day[1]), Number(day[2]) - 1, Number(day[3]))) : new Date(value);
  if (Number.isNaN(when.getTime())) return value;
  return new Intl.DateTimeFormat(locale, { day: '2-digit', month: '2-digit', year: 'numeric', ...(day ? { timeZone: 'UTC' } : {}) }).format(
    when,
  );
}

/** A timestamp as the campus writes it, with the time: `21/11/2026, 12:00 pm` (en-IN). Text that is not a date comes back as it is. */
export function formatDateTime(value: string, locale: CampusLocale): string {
  const when = new Date(value);
  if (Number.isNaN(when.getTime())) return value;
  return new Intl.DateTimeFormat(locale, { day: '2-digit', month: '2-digit', year: 'numeric', hour: 'numeric', minute: '2-digit' }).format(
    when,
  );
}

/** A number as the campus writes it (`120000` -> `1,20,000` in en-IN), with at most `digits` decimals (default 2). */
export const formatNumber = (n: number, locale: CampusLocale, digits = 2): string =>
  new Intl.NumberFormat(locale, { maximumFractionDigits: digits }).format(n);
