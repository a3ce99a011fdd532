import type { TAsset } from '@kaleido/common';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';

/**
 * The library's multi-selection: kept by id across pages, range selection with Shift, items that
 * leave the list forgotten, and Escape clears it (when no dialog is open).
 */
export function useSelection(items: readonly TAsset[]) {
  const [selected, setSelected] = useState<ReadonlySet<string>>(() => new Set());
  const anchor = useRef<string | null>(null);
  const selectedAssets = useMemo(() => items.filter((asset) => selected.has(asset.id)), [items, selected]);
  useEffect(() => {
    // Forget selected items that left the list (deleted, or filtered away).
    setSelected((current) => {
      const present = new Set(items.map((asset) => asset.id));
      const kept = [...current].filter((id) => present.has(id));
      return kept.length === current.size ? current : new Set(kept);
    });
  }, [items]);
  const toggleSelect = useCallback(
    (asset: TAsset, { shiftKey }: { shiftKey: boolean }) => {
      setSelected((current) => {
        const next = new Set(current);
        const adding = !current.has(asset.id);
        const from = anchor.current ? items.findIndex((item) => item.id === anchor.current) : -1;
        const to = items.findIndex((item) => item.id === asset.id);
        if (shiftKey && from >= 0 && to >= 0) {
          const [start, end] = from < to ? [from, to] : [to, from];
          for (const item of items.slice(start, end + 1)) {
            if (adding) next.add(item.id);
            else next.delete(item.id);
          }
        } else if (adding) next.add(asset.id);
        else next.delete(asset.id);
        return next;
      });
      anchor.current = asset.id;
    },
    [items],
  );
  const clearSelection = useCallback(() => {
    setSelected(new Set());
    anchor.current = null;
  }, []);
  const selectAll = () => setSelected(new Set(items.map((asset) => asset.id)));

  // Escape clears the selection (when no dialog is open).
  useEffect(() => {
    if (selected.size === 0) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && !event.defaultPrevented && !document.querySelector('[role=dialog]'))
        clearSelection();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [selected.size, clearSelection]);

  return { selected, selectedAssets, toggleSelect, clearSelection, selectAll };
}
