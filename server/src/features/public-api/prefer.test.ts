import { describe, expect, it } from 'vitest';
import { SYNC_WAIT_MS } from '../generations/generations.service.js';
import { waitChoice } from './prefer.js';

describe('the Prefer header of a generate call (RFC 7240)', () => {
  it('answers at once for respond-async or wait: false', () => {
    expect(waitChoice('respond-async', undefined)).toEqual({ waitMs: 0, applied: 'respond-async' });
    expect(waitChoice('Respond-Async, wait=10', undefined)).toEqual({ waitMs: 0, applied: 'respond-async' });
    expect(waitChoice(undefined, false)).toEqual({ waitMs: 0, applied: null });
  });

  it('waits N seconds for wait=N, clamped to 1 to 60', () => {
    expect(waitChoice('wait=5', undefined)).toEqual({ waitMs: 5000, applied: 'wait=5' });
    expect(waitChoice('handling=lenient; wait="30"', true)).toEqual({ waitMs: 30_000, applied: 'wait=30' });
    expect(waitChoice('wait=600', undefined)).toEqual({ waitMs: 60_000, applied: 'wait=60' });
    expect(waitChoice('wait=0', undefined)).toEqual({ waitMs: 1000, applied: 'wait=1' });
    expect(waitChoice(['return=minimal', 'wait=2'], undefined)).toEqual({ waitMs: 2000, applied: 'wait=2' });
  });

  it('keeps the default wait otherwise, ignoring what it does not know', () => {
    expect(waitChoice(undefined, undefined)).toEqual({ waitMs: SYNC_WAIT_MS, applied: null });
    expect(waitChoice('wait=soon, return=minimal', true)).toEqual({ waitMs: SYNC_WAIT_MS, applied: null });
  });
});
