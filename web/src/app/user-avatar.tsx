import { cn } from '../lib/cn';
import { initials } from '../lib/format';

export function UserAvatar({ name, className }: { name: string; className?: string }) {
  return (
    // The initials are drawn as generated content: decoration that must not count as the visible text
    // of the buttons that hold the avatar (their accessible name is "Open user menu").
    <span
      aria-hidden
      data-initials={initials(name)}
      className={cn(
        'inline-flex size-8 items-center justify-center rounded-full bg-kaleido text-[12px] font-semibold text-white ring-2 ring-bg before:content-[attr(data-initials)]',
        className,
      )}
    />
  );
}
