import { SETTINGS_DEFAULTS } from '@kaleido/common';
import { describe, expect, it } from 'vitest';
import { readStoredSettings } from './settings.service.js';

describe('readStoredSettings', () => {
  it('reads each field against the contract, defaults for the rest and for values that no longer validate', () => {
    const read = readStoredSettings(JSON.stringify({ watermarkEnabled: true, theme: 'sepia' }));
    expect(read.watermarkEnabled).toBe(true);
    expect(read.theme).toBe(SETTINGS_DEFAULTS.theme);
    expect(readStoredSettings(undefined)).toEqual(readStoredSettings('{}'));
    expect(readStoredSettings(undefined).watermarkEnabled).toBe(SETTINGS_DEFAULTS.watermarkEnabled);
  });

  it('keeps a text it read: the same text gives the same frozen object, another text its own', () => {
    const text = JSON.stringify({ watermarkEnabled: true, theme: 'dark' });
    const first = readStoredSettings(text);
    expect(readStoredSettings(text)).toBe(first);
    expect(Object.isFrozen(first)).toBe(true);
    const other = readStoredSettings(JSON.stringify({ watermarkEnabled: false, theme: 'dark' }));
    expect(other).not.toBe(first);
    expect(other.watermarkEnabled).toBe(false);
    // A caller's copy is its own to change.
    const copy = { ...first, theme: 'light' as const };
    expect(readStoredSettings(text).theme).toBe('dark');
    expect(copy.theme).toBe('light');
  });

  it('stays bounded: a thousand other texts later, a text is read again and still right', () => {
    const text = JSON.stringify({ watermarkEnabled: true });
    const first = readStoredSettings(text);
    for (let i = 0; i < 1100; i++)
      readStoredSettings(JSON.stringify({ theme: i % 2 ? 'dark' : 'light', n: i }));
    const again = readStoredSettings(text);
    expect(again).not.toBe(first);
    expect(again).toEqual(first);
  });
});
