import { ChevronDown } from 'lucide-react';
import { UserAvatar } from './user-avatar';

/** The user menu's trigger: its stand-in in the top navigation (top-nav.tsx) and the menu's own. */
export const MENU_BUTTON =
  'group inline-flex items-center gap-1 rounded-full p-0.5 pr-1.5 transition-colors hover:bg-surface-2 data-[state=open]:bg-surface-2';

/** What the menu's trigger shows: the avatar and a chevron (the menu itself renders the same). */
export function UserMenuFace({ name }: { name: string }) {
  return (
    <>
      <UserAvatar name={name} />
      <ChevronDown
        aria-hidden
        className="size-4 text-fg-muted transition-transform group-data-[state=open]:rotate-180"
      />
    </>
  );
}
