import { Clapperboard, ImageIcon } from 'lucide-react';
import { useT } from '../../i18n/use-t';
import { formatCredits } from '../../lib/format';
import { Card } from '../../ui/card';
import { useModels } from '../generate/api';
import { RecentActivity, UsageFiguresCard } from './usage-figures';

/** Profile › Usage: this billing month against all time and the recent events, counted by the server. */
export function UsageTab() {
  const t = useT();
  // The default model's prices as the server has them configured (the contract's when none answer).
  const prices = { image: useModels('image').price, video: useModels('video').price };
  return (
    <div className="grid gap-6 lg:grid-cols-3">
      <div className="lg:col-span-2">
        <UsageFiguresCard />
      </div>
      <Card className="p-6">
        <h2 className="text-sm font-semibold text-fg-muted">{t('profile.costs.title')}</h2>
        <dl className="mt-4 space-y-3">
          <div className="flex items-center justify-between gap-4">
            <dt className="flex items-center gap-2 text-sm text-fg">
              <ImageIcon aria-hidden className="size-4 text-fg-muted" />
              {t('profile.costs.image')}
            </dt>
            <dd className="text-sm font-semibold text-fg">{formatCredits(prices.image)}</dd>
          </div>
          <div className="flex items-center justify-between gap-4">
            <dt className="flex items-center gap-2 text-sm text-fg">
              <Clapperboard aria-hidden className="size-4 text-fg-muted" />
              {t('profile.costs.video')}
            </dt>
            <dd className="text-sm font-semibold text-fg">{formatCredits(prices.video)}</dd>
          </div>
        </dl>
        <p className="mt-5 border-t border-line pt-4 text-[13px] text-fg-muted">
          {t('profile.costs.neverCharged')}
        </p>
      </Card>
      <div className="lg:col-span-3">
        <RecentActivity />
      </div>
    </div>
  );
}
