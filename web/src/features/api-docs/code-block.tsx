import { TIMINGS } from '@kaleido/common/browser';
import { Check, Copy } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useT } from '../../i18n/use-t';
import { cn } from '../../lib/cn';
import { Tabs } from '../../ui/tabs';

function useCopy(): [boolean, (text: string) => Promise<void>] {
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
  accessibleName,
  className,
}: {
  text: string;
  /** What screen readers hear instead of the visible 'Copy': 'Copy the base URL'. */
  accessibleName?: string;
  className?: string;
}) {
  const t = useT();
  const [copied, copy] = useCopy();
  const label = t('apiDocs.copy.label');
  const done = t('apiDocs.copy.copied');
  return (
    <button
      type="button"
      onClick={() => void copy(text)}
      aria-label={accessibleName ? (copied ? done : accessibleName) : undefined}
      className={cn(
        'inline-flex h-7 items-center gap-1.5 rounded-md px-2 text-xs font-medium text-white/60 transition-colors hover:bg-white/10 hover:text-white',
        className,
      )}
    >
      {copied ? <Check aria-hidden className="size-3.5" /> : <Copy aria-hidden className="size-3.5" />}
      <span aria-live="polite">{copied ? done : label}</span>
    </button>
  );
}

/** A dark code panel (in both themes, as code editors are) with a copy button. */
export function CodeBlock({ code, title, className }: { code: string; title?: string; className?: string }) {
  const t = useT();
  return (
    <div
      className={cn('overflow-hidden rounded-2xl border border-white/10 bg-[#0d0d14] shadow-card', className)}
    >
      <div className="flex h-10 items-center justify-between border-b border-white/10 pr-2 pl-4">
        <span className="text-xs font-medium text-white/50">{title}</span>
        <CopyButton
          text={code}
          accessibleName={title ? t('apiDocs.copy.named', { name: title }) : t('apiDocs.copy.code')}
        />
      </div>
      <pre className="overflow-x-auto p-4 text-[13px] leading-relaxed text-[#e6e6f0]">
        <code>{code}</code>
      </pre>
    </div>
  );
}

/** One language of a multi-language example. */
export interface CodeTab {
  id: string;
  label: string;
  code: string;
  /** The code block's accessible title. */
  title: string;
}

/** The same example in several languages, one tab each, on the dark code panel. */
export function CodeTabs({ label, tabs }: { label: string; tabs: readonly CodeTab[] }) {
  return (
    <div className="overflow-hidden rounded-2xl border border-white/10 bg-[#0d0d14] shadow-card">
      <Tabs
        label={label}
        variant="onDark"
        listClassName="border-b border-white/10 px-2 py-1.5"
        items={tabs.map((tab) => ({
          id: tab.id,
          label: tab.label,
          content: (
            <CodeBlock code={tab.code} className="rounded-none border-0 shadow-none" title={tab.title} />
          ),
        }))}
      />
    </div>
  );
}
