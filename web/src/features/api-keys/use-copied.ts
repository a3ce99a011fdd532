import { TIMINGS } from '@kaleido/common/browser';
import { useCallback, useEffect, useState } from 'react';

/**
 * Copies text to the clipboard and says 'Copied' for 2 s (TIMINGS.copiedIndicatorMs); a second copy
 * starts the 2 s again. `copy` throws when the text cannot be had or the clipboard refuses it.
 */
export function useCopied() {
  const [copiedAt, setCopiedAt] = useState<number | null>(null);
  useEffect(() => {
    if (copiedAt === null) return;
    const timer = setTimeout(() => setCopiedAt(null), TIMINGS.copiedIndicatorMs);
    return () => clearTimeout(timer);
  }, [copiedAt]);
  const copy = useCallback(async (text: string | Promise<string>) => {
    await navigator.clipboard.writeText(await text);
    setCopiedAt(performance.now());
  }, []);
  return { copied: copiedAt !== null, copy };
}
