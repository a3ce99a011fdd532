import type { TAsset, TGenerationType } from '@kaleido/common';
import { APP_ROUTES } from '@kaleido/common/browser';
import { ArrowRight } from 'lucide-react';
import { Link } from 'react-router';
import { useT } from '../../i18n/use-t';
import { Sheet, SheetContent } from '../../ui/sheet';
import { HistoryPanel } from './history-panel';

/** The history panel as a drawer from the right edge (small and medium screens). Loaded when first opened. */
export function HistoryDrawer({
  type,
  open,
  onOpenChange,
  onPick,
  selectedId,
  disabled,
}: {
  type: TGenerationType;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onPick: (asset: TAsset) => void;
  selectedId: string | null;
  disabled: boolean;
}) {
  const t = useT();
  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent
        title={t('generate.history.title')}
        description={t('generate.history.drawerDescription', { type })}
      >
        <div className="p-4">
          <HistoryPanel
            type={type}
            showHeading={false}
            selectedId={selectedId}
            disabled={disabled}
            onPick={(asset) => {
              onPick(asset);
              onOpenChange(false);
            }}
          />
          <Link
            to={`${APP_ROUTES.library}?type=${type}`}
            className="mt-4 inline-flex items-center gap-1 text-sm font-medium text-fg-muted hover:text-fg"
          >
            {t('generate.history.allInLibrary', { type })}
            <ArrowRight aria-hidden className="size-3.5" />
          </Link>
        </div>
      </SheetContent>
    </Sheet>
  );
}
