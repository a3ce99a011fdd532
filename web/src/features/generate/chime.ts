/**
 * The short sound of Settings → Sounds (DECISIONS: "a short sound in the open app when a job ends"):
 * two soft sine notes (E5 then A5) with a gentle attack and decay, about 300 ms, synthesised with Web
 * Audio, so nothing is downloaded. Browsers refuse audio before the page has had a user gesture, so
 * the caller only plays it after one (see `trackUserGesture`).
 */

type AudioContextClass = typeof AudioContext;

let context: AudioContext | null = null;

function audioContextClass(): AudioContextClass | undefined {
  if (typeof window === 'undefined') return undefined;
  return (
    window.AudioContext ??
    (window as unknown as { webkitAudioContext?: AudioContextClass }).webkitAudioContext
  );
}

/** Notes of the chime: frequency (Hz), start (s after now), length (s). */
const NOTES: readonly [number, number, number][] = [
  [659.25, 0, 0.18],
  [880, 0.11, 0.2],
];
const PEAK_GAIN = 0.08;

/** Plays the chime; false when this browser has no Web Audio or refuses it. Never throws. */
export function playChime(): boolean {
  const AudioCtx = audioContextClass();
  if (!AudioCtx) return false;
  try {
    context ??= new AudioCtx();
    const audio = context;
    if (audio.state === 'suspended') void audio.resume().catch(() => {});
    const start = audio.currentTime + 0.01;
    for (const [frequency, offset, length] of NOTES) {
      const oscillator = audio.createOscillator();
      const gain = audio.createGain();
      oscillator.type = 'sine';
      oscillator.frequency.setValueAtTime(frequency, start + offset);
      gain.gain.setValueAtTime(0.0001, start + offset);
      gain.gain.exponentialRampToValueAtTime(PEAK_GAIN, start + offset + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, start + offset + length);
      oscillator.connect(gain);
      gain.connect(audio.destination);
      oscillator.start(start + offset);
      oscillator.stop(start + offset + length + 0.02);
    }
    return true;
  } catch (error) {
    console.error('[sound] chime', error);
    return false;
  }
}

/** Forgets the audio context (tests that replace AudioContext). */
export function resetChime(): void {
  context = null;
}

/**
 * Calls `onGesture` once, at the page's first pointer press or key press (the gesture browsers
 * require before audio may play). Returns the clean-up.
 */
export function trackUserGesture(onGesture: () => void): () => void {
  const events = ['pointerdown', 'keydown', 'touchstart'] as const;
  const handler = () => {
    stop();
    onGesture();
  };
  const stop = () => {
    for (const type of events) window.removeEventListener(type, handler, true);
  };
  for (const type of events) window.addEventListener(type, handler, true);
  return stop;
}
