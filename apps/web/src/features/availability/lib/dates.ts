/** "2026-12-25" → "25/12/2026", without any time zone (a calendar date stays itself). */
export function formatDateBr(isoDate: string): string {
  const [year, month, day] = isoDate.split('-');
  return `${day}/${month}/${year}`;
}
