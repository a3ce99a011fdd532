/** The zones this runtime's ICU knows (`Intl.supportedValuesOf('timeZone')`), computed once. */
let supported: Set<string> | undefined;
function supportedZones(): Set<string> {
  supported ??= new Set(Intl.supportedValuesOf('timeZone'));
  return supported;
}

/**
 * A timezone setting: 'auto' (the browser's zone), 'UTC', or an IANA zone of
 * `Intl.supportedValuesOf('timeZone')`. A current IANA name that this runtime lists under its older
 * alias (a newer browser's 'Asia/Kolkata' or 'Europe/Kyiv' against an older ICU's 'Asia/Calcutta',
 * 'Europe/Kiev') is accepted too; legacy names such as 'EST5EDT', and wrong case, are not.
 */
export function isSupportedTimeZone(value: string, options: { allowAuto?: boolean } = {}): boolean {
  if (value === 'auto') return options.allowAuto ?? true;
  if (value === 'UTC' || supportedZones().has(value)) return true;
  if (!/^[A-Z][A-Za-z_-]+(\/[A-Z0-9][A-Za-z0-9_+-]*){1,2}$/.test(value)) return false;
  try {
    const canonical = new Intl.DateTimeFormat('en-US', { timeZone: value }).resolvedOptions().timeZone;
    return supportedZones().has(canonical);
  } catch {
    return false;
  }
}
