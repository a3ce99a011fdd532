import { type KeyboardEvent, type ReactNode, useId, useRef, useState } from 'react';
import { cn } from '../lib/cn';

interface TabItem {
  id: string;
  label: string;
  content: ReactNode;
}

interface TabsProps {
  items: readonly TabItem[];
  /** Accessible name of the tab list. */
  label: string;
  defaultId?: string;
  /** Controlled selection (e.g. kept in the URL); pair with onSelectedChange. */
  selectedId?: string;
  onSelectedChange?: (id: string) => void;
  className?: string;
  listClassName?: string;
  panelClassName?: string;
  /** 'onDark' for tabs drawn on a dark code panel; 'segmented' for page-level sections. */
  variant?: 'default' | 'onDark' | 'segmented';
}

const TAB_STYLES = {
  default: {
    base: 'min-h-8 rounded-lg px-3 py-1 text-[13px]',
    selected: 'bg-surface-2 text-fg',
    idle: 'text-fg-muted hover:text-fg',
  },
  onDark: {
    base: 'min-h-8 rounded-lg px-3 py-1 text-[13px]',
    selected: 'bg-white/12 text-white',
    idle: 'text-white/55 hover:text-white/85',
  },
  segmented: {
    base: 'min-h-9 flex-1 rounded-[10px] px-2 py-1.5 text-sm sm:flex-none sm:px-4',
    selected: 'bg-surface text-fg shadow-sm ring-1 ring-line dark:bg-surface-3',
    idle: 'text-fg-muted hover:text-fg',
  },
} as const;

const LIST_STYLES = {
  default: '',
  onDark: '',
  segmented: 'rounded-xl border border-line bg-surface-2 p-1',
} as const;

/** WAI-ARIA tabs: arrow keys, Home and End move between tabs; the panel follows the selection. */
export function Tabs({
  items,
  label,
  defaultId,
  selectedId: controlledId,
  onSelectedChange,
  className,
  listClassName,
  panelClassName,
  variant = 'default',
}: TabsProps) {
  const [uncontrolledId, setUncontrolledId] = useState(defaultId ?? items[0]?.id);
  const selectedId = controlledId ?? uncontrolledId;
  const setSelectedId = (id: string) => {
    setUncontrolledId(id);
    onSelectedChange?.(id);
  };
  const baseId = useId();
  const tabRefs = useRef(new Map<string, HTMLButtonElement>());

  const select = (index: number) => {
    const item = items[(index + items.length) % items.length];
    if (!item) return;
    setSelectedId(item.id);
    tabRefs.current.get(item.id)?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const moves: Record<string, number> = {
      ArrowRight: index + 1,
      ArrowLeft: index - 1,
      Home: 0,
      End: items.length - 1,
    };
    const target = moves[event.key];
    if (target === undefined) return;
    event.preventDefault();
    select(target);
  };

  return (
    <div className={className}>
      <div
        role="tablist"
        aria-label={label}
        className={cn('flex gap-1', LIST_STYLES[variant], listClassName)}
      >
        {items.map((item, index) => {
          const selected = item.id === selectedId;
          return (
            <button
              key={item.id}
              ref={(node) => {
                if (node) tabRefs.current.set(item.id, node);
                else tabRefs.current.delete(item.id);
              }}
              type="button"
              role="tab"
              id={`${baseId}-tab-${item.id}`}
              aria-selected={selected}
              aria-controls={`${baseId}-panel-${item.id}`}
              tabIndex={selected ? 0 : -1}
              onClick={() => setSelectedId(item.id)}
              onKeyDown={(event) => onKeyDown(event, index)}
              // Long labels (German) wrap and hyphenate instead of pushing the list off screen.
              className={cn(
                'text-balance font-medium leading-tight hyphens-auto transition-colors',
                TAB_STYLES[variant].base,
                selected ? TAB_STYLES[variant].selected : TAB_STYLES[variant].idle,
              )}
            >
              {item.label}
            </button>
          );
        })}
      </div>
      {items.map((item) => (
        <div
          key={item.id}
          role="tabpanel"
          id={`${baseId}-panel-${item.id}`}
          aria-labelledby={`${baseId}-tab-${item.id}`}
          hidden={item.id !== selectedId}
          className={panelClassName}
        >
          {item.id === selectedId ? item.content : null}
        </div>
      ))}
    </div>
  );
}
