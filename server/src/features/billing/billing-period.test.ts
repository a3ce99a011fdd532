import { describe, expect, it } from 'vitest';
import { addMonthsClamped, periodContaining } from './billing-period.js';

const d = (iso: string) => new Date(iso);

describe('billing months', () => {
  it('clamps to short months without drifting', () => {
    const anchor = d('2026-01-31T10:00:00.000Z');
    expect(addMonthsClamped(anchor, 1).toISOString()).toBe('2026-02-28T10:00:00.000Z');
    expect(addMonthsClamped(anchor, 2).toISOString()).toBe('2026-03-31T10:00:00.000Z');
    expect(addMonthsClamped(d('2027-12-31T00:00:00.000Z'), 2).toISOString()).toBe('2028-02-29T00:00:00.000Z');
    expect(addMonthsClamped(anchor, 12).toISOString()).toBe('2027-01-31T10:00:00.000Z');
  });

  it('finds the month that contains an instant', () => {
    const anchor = d('2026-01-31T10:00:00.000Z');
    const at = (iso: string) => {
      const { start, end } = periodContaining(anchor, d(iso));
      return [start.toISOString(), end.toISOString()];
    };
    expect(at('2026-01-31T10:00:00.000Z')).toEqual(['2026-01-31T10:00:00.000Z', '2026-02-28T10:00:00.000Z']);
    expect(at('2026-02-28T09:59:59.999Z')).toEqual(['2026-01-31T10:00:00.000Z', '2026-02-28T10:00:00.000Z']);
    expect(at('2026-02-28T10:00:00.000Z')).toEqual(['2026-02-28T10:00:00.000Z', '2026-03-31T10:00:00.000Z']);
    expect(at('2026-07-04T00:00:00.000Z')).toEqual(['2026-06-30T10:00:00.000Z', '2026-07-31T10:00:00.000Z']);
  });
});
