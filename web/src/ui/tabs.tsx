import { type KeyboardEvent, type ReactNode, useId, useRef, useState } from 'react';
import { cn } from '../lib/cn';

export interface TabItem {
  id: string;
  label: string;
  content: ReactNode;
}

export interface TabsProps {
  items: readonly TabItem[];
  /** Accessible name of the tab list. */
  label: string;
  defaultId?: string;
  className?: string;
  listClassName?: string;
  /** 'onDark' for tabs drawn on a dark code panel. */
  variant?: 'default' | 'onDark';
}

const TAB_STYLES = {
  default: { selected: 'bg-surface-2 text-fg', idle: 'text-fg-muted hover:text-fg' },
  onDark: { selected: 'bg-white/12 text-white', idle: 'text-white/55 hover:text-white/85' },
} as const;

/** WAI-ARIA tabs: arrow keys, Home and End move between tabs; the panel follows the selection. */
export function Tabs({ items, label, defaultId, className, listClassName, variant = 'default' }: TabsProps) {
  const [selectedId, setSelectedId] = useState(defaultId ?? items[0]?.id);
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
      <div role="tablist" aria-label={label} className={cn('flex gap-1', listClassName)}>
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
              className={cn(
                'h-8 rounded-lg px-3 text-[13px] font-medium transition-colors',
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
        >
          {item.id === selectedId ? item.content : null}
        </div>
      ))}
    </div>
  );
}
