/** Today in India, and a day `d` days from it (`YYYY-MM-DD`). */
export const indiaDay = (d = 0) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata', year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    new Date(Date.now() + d * 86_400_000),
  );

/** The academic year (`2025-26`, starting in July) of an ISO date, as the survey tests date their surveys. */
export const academicYear = (iso: string) => {
  const [y, m] = iso.split('-').map(Number);
  const s = m >= 7 ? y : y - 1;
  return `${s}-${String((s + 1) % 100).padStart(2, '0')}`;
};
