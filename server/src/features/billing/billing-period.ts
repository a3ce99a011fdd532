/**
 * Billing months. A month runs from the anchor (sign-up or the last upgrade) to the same day and time
 * of the next month, clamped to the month's last day (31 Jan → 28/29 Feb → 31 Mar): counted from the
 * anchor each time, so short months never make the day drift.
 */
export function addMonthsClamped(anchor: Date, months: number): Date {
  const year = anchor.getUTCFullYear();
  const month = anchor.getUTCMonth() + months;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return new Date(
    Date.UTC(
      year,
      month,
      Math.min(anchor.getUTCDate(), lastDay),
      anchor.getUTCHours(),
      anchor.getUTCMinutes(),
      anchor.getUTCSeconds(),
      anchor.getUTCMilliseconds(),
    ),
  );
}

/** The billing month (from the anchor's sequence) that contains `at`. */
export function periodContaining(anchor: Date, at: Date): { start: Date; end: Date } {
  if (at < anchor) return { start: anchor, end: addMonthsClamped(anchor, 1) };
  let n =
    (at.getUTCFullYear() - anchor.getUTCFullYear()) * 12 + (at.getUTCMonth() - anchor.getUTCMonth()) - 1;
  n = Math.max(0, n);
  while (addMonthsClamped(anchor, n + 1) <= at) n++;
  return { start: addMonthsClamped(anchor, n), end: addMonthsClamped(anchor, n + 1) };
}
