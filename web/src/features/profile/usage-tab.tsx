import { APP_ROUTES, CREDIT_PRICES } from '@kaleido/common/browser';
import { ChartNoAxesColumn, Clapperboard, ImageIcon } from 'lucide-react';
import { Link } from 'react-router';
import { formatCredits } from '../../lib/format';
import { buttonClass } from '../../ui/button';
import { Card } from '../../ui/card';
import { EmptyState } from '../../ui/empty-state';

/**
 * Profile › Usage. Statistics come from recorded generations, which arrive with the generation engine;
 * until there are any, an honest empty state (no placeholder figures).
 */
export function UsageTab() {
  return (
    <div className="grid gap-6 lg:grid-cols-3">
      <EmptyState
        className="w-full max-w-none lg:col-span-2"
        icon={ChartNoAxesColumn}
        title="No usage yet"
        description="Usage statistics appear after your first generation: images and videos made, and credits used."
        actions={
          <>
            <Link to={APP_ROUTES.generateImage} className={buttonClass({ variant: 'primary' })}>
              <ImageIcon aria-hidden />
              Generate an image
            </Link>
            <Link to={APP_ROUTES.generateVideo} className={buttonClass({ variant: 'secondary' })}>
              <Clapperboard aria-hidden />
              Generate a video
            </Link>
          </>
        }
      />
      <Card className="p-6">
        <h2 className="text-sm font-semibold text-fg-muted">What things cost</h2>
        <dl className="mt-4 space-y-3">
          <div className="flex items-center justify-between gap-4">
            <dt className="flex items-center gap-2 text-sm text-fg">
              <ImageIcon aria-hidden className="size-4 text-fg-muted" />
              Image
            </dt>
            <dd className="text-sm font-semibold text-fg">{formatCredits(CREDIT_PRICES.image)}</dd>
          </div>
          <div className="flex items-center justify-between gap-4">
            <dt className="flex items-center gap-2 text-sm text-fg">
              <Clapperboard aria-hidden className="size-4 text-fg-muted" />
              Video
            </dt>
            <dd className="text-sm font-semibold text-fg">{formatCredits(CREDIT_PRICES.video)}</dd>
          </div>
        </dl>
        <p className="mt-5 border-t border-line pt-4 text-[13px] text-fg-muted">
          Failed generations are never charged.
        </p>
      </Card>
    </div>
  );
}
