const usd = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 0,
  maximumFractionDigits: 2,
});
const integer = new Intl.NumberFormat('en-US');
const longDate = new Intl.DateTimeFormat('en-US', { dateStyle: 'long' });

/** `$19`, `$0.15`. */
export function formatUsd(amount: number): string {
  return usd.format(amount);
}

/** `2,500`. */
export function formatNumber(value: number): string {
  return integer.format(value);
}

/** `1 credit`, `3 credits`, `2,500 credits`. */
export function formatCredits(count: number): string {
  return `${formatNumber(count)} credit${count === 1 ? '' : 's'}`;
}

/** `March 4, 2026`, or the input when it is not a date. */
export function formatDate(value: string | number | Date): string {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? String(value) : longDate.format(date);
}

/** Up to two initials of a name or e-mail address, for avatars. */
export function initials(name: string): string {
  const words = name
    .replace(/@.*/, '')
    .split(/[\s._-]+/)
    .filter(Boolean);
  const letters =
    words.length > 1 ? `${words[0]?.[0] ?? ''}${words.at(-1)?.[0] ?? ''}` : (words[0] ?? '?').slice(0, 2);
  return letters.toUpperCase();
}

/** `digital-art` → `Digital art`: option values as labels. */
export function humanize(value: string): string {
  const words = value.replace(/[-_]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
