import { describe, expect, it } from 'vitest';
import { LIPSYNC_SYNC_MODES, lipsyncOutputSeconds, lipsyncPrice } from './lipsync-constants.js';

describe('lipsync lengths and prices', () => {
  it('gives each sync mode the length the models make (a 4 s video, 8.64 s of audio)', () => {
    const lengths = Object.fromEntries(
      LIPSYNC_SYNC_MODES.map((mode) => [mode, lipsyncOutputSeconds(mode, 4, 8.64)]),
    );
    expect(lengths).toEqual({ cut_off: 4, loop: 8.6, bounce: 8.6, silence: 8.6, remap: 8.6 });
    // Audio shorter than the video: cut off and the audio-led modes stop with the audio; silence keeps the video.
    expect(lipsyncOutputSeconds('cut_off', 6, 2.5)).toBe(2.5);
    expect(lipsyncOutputSeconds('loop', 6, 2.5)).toBe(2.5);
    expect(lipsyncOutputSeconds('silence', 6, 2.5)).toBe(6);
  });

  it('reads lengths to the tenth of a second, and charges per started two seconds, at least the minimum', () => {
    expect(lipsyncOutputSeconds('cut_off', 2.04, 3)).toBe(2);
    expect(lipsyncPrice(2)).toBe(1);
    expect(lipsyncPrice(2.1)).toBe(2);
    expect(lipsyncPrice(0.3)).toBe(1);
    expect(lipsyncPrice(0.3, 2)).toBe(2);
    expect(lipsyncPrice(300)).toBe(150);
  });
});
