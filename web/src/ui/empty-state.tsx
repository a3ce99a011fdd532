import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '../lib/cn';

interface EmptyStateProps {
  icon: LucideIcon;
  title: ReactNode;
  description?: ReactNode;
  actions?: ReactNode;
  /** Heading level of the title; pages that already have an h1 use the default h2. */
  headingLevel?: 1 | 2;
  className?: string;
  children?: ReactNode;
}

/** A centred message with an icon: signed-out states, empty lists, placeholders. */
export function EmptyState({
  icon: Icon,
  title,
  description,
  actions,
  headingLevel = 2,
  className,
  children,
}: EmptyStateProps) {
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  return (
    <section
      className={cn(
        'relative mx-auto flex max-w-lg flex-col items-center overflow-hidden rounded-3xl border border-line bg-surface px-6 py-12 text-center shadow-card sm:px-10',
        className,
      )}
    >
      <div
        aria-hidden
        className="pointer-events-none absolute inset-x-0 -top-24 mx-auto h-48 w-72 rounded-full bg-kaleido opacity-[0.12] blur-3xl"
      />
      <span className="relative mb-5 inline-flex size-14 items-center justify-center rounded-2xl border border-line bg-surface-2 text-fg">
        <Icon aria-hidden className="size-6" />
      </span>
      <Heading className="relative text-xl font-semibold tracking-tight text-fg">{title}</Heading>
      {description ? <p className="relative mt-2 max-w-sm text-pretty text-fg-muted">{description}</p> : null}
      {children}
      {actions ? <div className="relative mt-7 flex flex-wrap justify-center gap-3">{actions}</div> : null}
    </section>
  );
}
