import { currentLocaleTag, translate } from '../i18n/locale-state';

/**
 * Every date, number, price and relative time of the app is formatted here, with `Intl` in the language
 * the interface shows now (i18n/locale-state.ts) and, for dates, in the display time zone. Formatters
 * are kept per language and options.
 */
const numberFormats = new Map<string, Intl.NumberFormat>();

function numberFormat(options: Intl.NumberFormatOptions = {}): Intl.NumberFormat {
  const locale = currentLocaleTag();
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, options);
    numberFormats.set(key, format);
  }
  return format;
}

/**
 * The time zone every date and time of the app is shown in: the account's `timezone` setting (set by
 * the AccountPreferencesProvider), 'auto' meaning this browser's own zone.
 */
let displayTimeZone: string | undefined;

/** Sets the zone dates are shown in ('auto', undefined or an unknown zone: the browser's). */
export function setDisplayTimeZone(zone: string | null | undefined): void {
  if (!zone || zone === 'auto') {
    displayTimeZone = undefined;
    return;
  }
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    displayTimeZone = zone;
  } catch {
    displayTimeZone = undefined;
  }
}

/** The zone dates are shown in now (an IANA name). */
export function getDisplayTimeZone(): string {
  return displayTimeZone ?? new Intl.DateTimeFormat().resolvedOptions().timeZone ?? 'UTC';
}

const dateFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * The one way the app formats dates and times: in the interface's language and the display time zone
 * (the account's setting). Formatters are kept per language, options and zone.
 */
export function dateFormat(options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const zone = options.timeZone ?? displayTimeZone;
  const locale = currentLocaleTag();
  const key = `${locale}|${zone ?? ''}|${JSON.stringify(options)}`;
  let format = dateFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, zone ? { ...options, timeZone: zone } : options);
    dateFormats.set(key, format);
  }
  return format;
}

/** Formats with `options` in the display time zone, or returns the input when it is not a date. */
export function formatDateWith(value: string | number | Date, options: Intl.DateTimeFormatOptions): string {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? String(value) : dateFormat(options).format(date);
}

/** `$19`, `$0.15` (`19 $` in German, `US$19` in Chinese): prices are in US dollars. */
export function formatUsd(amount: number): string {
  return numberFormat({
    style: 'currency',
    currency: 'USD',
    minimumFractionDigits: 0,
    maximumFractionDigits: 2,
  }).format(amount);
}

/** `2,500` (`2.500` in German). */
export function formatNumber(value: number): string {
  return numberFormat().format(value);
}

/** `1 credit`, `3 credits`, `2,500 credits`, in the interface's language. */
export function formatCredits(count: number): string {
  return translate('app.format.credits', { count });
}

/** `March 4, 2026` (in the display time zone), or the input when it is not a date. */
export function formatDate(value: string | number | Date): string {
  return formatDateWith(value, { dateStyle: 'long' });
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

const bytesUnits = ['kilobyte', 'megabyte', 'gigabyte'] as const;

/** `812 byte`, `1.4 MB`, `12 MB` (unit names and decimal marks of the interface's language). */
export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 1000) {
    return numberFormat({ style: 'unit', unit: 'byte', unitDisplay: 'short' }).format(
      Math.max(0, Math.round(bytes || 0)),
    );
  }
  let value = bytes;
  let unit: (typeof bytesUnits)[number] = 'kilobyte';
  for (const next of bytesUnits) {
    value /= 1000;
    unit = next;
    if (value < 1000) break;
  }
  return numberFormat({
    style: 'unit',
    unit,
    unitDisplay: 'short',
    maximumFractionDigits: value < 10 ? 1 : 0,
    minimumFractionDigits: value < 10 ? 1 : 0,
  }).format(value);
}

/** Elapsed time as `0:07` or `12:34` (`1:02:03` past an hour). */
export function formatElapsed(milliseconds: number): string {
  const total = Math.max(0, Math.floor(milliseconds / 1000));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = String(total % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${seconds}` : `${minutes}:${seconds}`;
}

const relativeFormats = new Map<string, Intl.RelativeTimeFormat>();

function relativeFormat(): Intl.RelativeTimeFormat {
  const locale = currentLocaleTag();
  let format = relativeFormats.get(locale);
  if (!format) {
    format = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
    relativeFormats.set(locale, format);
  }
  return format;
}

/** `Mar 4, 2026, 9:30 AM` (in the display time zone), or the input when it is not a date. */
export function formatDateTime(value: string | number | Date): string {
  return formatDateWith(value, { dateStyle: 'medium', timeStyle: 'short' });
}

/** `9:30 AM` (in the display time zone). */
export function formatTime(value: string | number | Date): string {
  return formatDateWith(value, { hour: 'numeric', minute: '2-digit' });
}

/** `just now`, `5 minutes ago`, `yesterday`, then the date for anything older than a week. */
export function formatRelative(value: string | number | Date, now: number = Date.now()): string {
  const date = value instanceof Date ? value : new Date(value);
  const time = date.getTime();
  if (Number.isNaN(time)) return String(value);
  const seconds = Math.round((time - now) / 1000);
  const abs = Math.abs(seconds);
  if (abs < 45) return translate('app.format.justNow');
  const relative = relativeFormat();
  if (abs < 3600) return relative.format(Math.round(seconds / 60), 'minute');
  if (abs < 86_400) return relative.format(Math.round(seconds / 3600), 'hour');
  if (abs < 7 * 86_400) return relative.format(Math.round(seconds / 86_400), 'day');
  return formatDate(date);
}
