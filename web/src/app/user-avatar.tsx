import { cn } from '../lib/cn';
import { initials } from '../lib/format';

export function UserAvatar({ name, className }: { name: string; className?: string }) {
  return (
    <span
      aria-hidden
      className={cn(
        'inline-flex size-8 items-center justify-center rounded-full bg-kaleido text-[12px] font-semibold text-white ring-2 ring-bg',
        className,
      )}
    >
      {initials(name)}
    </span>
  );
}
