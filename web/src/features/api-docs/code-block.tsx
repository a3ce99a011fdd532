import { TIMINGS } from '@kaleido/common/browser';
import { Check, Copy } from 'lucide-react';
import { useEffect, useState } from 'react';
import { cn } from '../../lib/cn';

export function useCopy(): [boolean, (text: string) => Promise<void>] {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), TIMINGS.copiedIndicatorMs);
    return () => clearTimeout(timer);
  }, [copied]);
  const copy = async (text: string) => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };
  return [copied, copy];
}

export function CopyButton({
  text,
  label = 'Copy',
  what,
  className,
}: {
  text: string;
  label?: string;
  /** Named after the label to screen readers: 'Copy' + 'the base URL'. */
  what?: string;
  className?: string;
}) {
  const [copied, copy] = useCopy();
  return (
    <button
      type="button"
      onClick={() => void copy(text)}
      aria-label={what ? (copied ? 'Copied' : `${label} ${what}`) : undefined}
      className={cn(
        'inline-flex h-7 items-center gap-1.5 rounded-md px-2 text-xs font-medium text-white/60 transition-colors hover:bg-white/10 hover:text-white',
        className,
      )}
    >
      {copied ? <Check aria-hidden className="size-3.5" /> : <Copy aria-hidden className="size-3.5" />}
      <span aria-live="polite">{copied ? 'Copied' : label}</span>
    </button>
  );
}

/** A dark code panel (in both themes, as code editors are) with a copy button. */
export function CodeBlock({ code, title, className }: { code: string; title?: string; className?: string }) {
  return (
    <div
      className={cn('overflow-hidden rounded-2xl border border-white/10 bg-[#0d0d14] shadow-card', className)}
    >
      <div className="flex h-10 items-center justify-between border-b border-white/10 pr-2 pl-4">
        <span className="text-xs font-medium text-white/50">{title}</span>
        <CopyButton text={code} what={title ?? 'code'} />
      </div>
      <pre className="overflow-x-auto p-4 text-[13px] leading-relaxed text-[#e6e6f0]">
        <code>{code}</code>
      </pre>
    </div>
  );
}
