import { describe, expect, it } from 'vitest';
import { formatCredits, formatUsd, humanize, initials } from './format';

describe('format', () => {
  it('pluralises credits', () => {
    expect(formatCredits(1)).toBe('1 credit');
    expect(formatCredits(3)).toBe('3 credits');
    expect(formatCredits(2500)).toBe('2,500 credits');
  });

  it('formats whole and fractional dollars', () => {
    expect(formatUsd(19)).toBe('$19');
    expect(formatUsd(0.15)).toBe('$0.15');
  });

  it('takes initials from names and e-mail addresses', () => {
    expect(initials('Ada Lovelace')).toBe('AL');
    expect(initials('grace.hopper@example.com')).toBe('GH');
    expect(initials('alan')).toBe('AL');
  });

  it('turns option values into labels', () => {
    expect(humanize('digital-art')).toBe('Digital art');
    expect(humanize('sci-fi')).toBe('Sci fi');
    expect(humanize('high')).toBe('High');
  });
});
