import { ArrowUpRight } from 'lucide-react';
import { Link } from 'react-router';
import { useT } from '../../i18n/use-t';
import { cn } from '../../lib/cn';
import { Badge } from '../../ui/badge';
import { buttonClass } from '../../ui/button';
import type { Tool } from './tools';

export function ToolTile({ tool }: { tool: Tool }) {
  const t = useT();
  const { icon: Icon, isNew, to, accent, experimental } = tool;
  const title = t(tool.title);
  const available = Boolean(to);
  return (
    <article
      className={cn(
        'group relative flex flex-col rounded-2xl border border-line bg-surface p-5 shadow-card transition-[transform,border-color,box-shadow] duration-200',
        available ? 'hover:-translate-y-0.5 hover:border-line-strong hover:shadow-pop' : 'opacity-90',
      )}
    >
      <div className="flex items-start justify-between gap-3">
        <span
          className={cn(
            'inline-flex size-11 items-center justify-center rounded-xl bg-linear-to-br text-white shadow-sm',
            accent,
            !available && 'saturate-[0.7]',
          )}
        >
          <Icon aria-hidden className="size-5" />
        </span>
        {experimental ? (
          <Badge tone="warning">{t('home.tool.experimental')}</Badge>
        ) : isNew ? (
          <Badge tone="new">{t('home.tool.new')}</Badge>
        ) : null}
      </div>
      <h3 className="mt-4 text-base font-semibold tracking-tight break-words hyphens-auto text-fg">
        {title}
      </h3>
      <p className="mt-1 flex-1 text-sm text-pretty break-words text-fg-muted">
        {t(tool.description, tool.descriptionValues)}
      </p>
      <div className="mt-5">
        {to ? (
          <Link
            to={to}
            aria-label={t('home.tool.openLabel', { title })}
            className={buttonClass({
              variant: 'secondary',
              size: 'sm',
              // The link covers the whole tile so the tile is one click target.
              className: 'after:absolute after:inset-0 after:rounded-2xl after:content-[""]',
            })}
          >
            {t('home.tool.open')}
            <ArrowUpRight
              aria-hidden
              className="transition-transform group-hover:translate-x-0.5 group-hover:-translate-y-0.5"
            />
          </Link>
        ) : (
          <span className="inline-flex h-8 items-center rounded-full border border-dashed border-line-strong px-3.5 text-[13px] font-medium text-fg-muted">
            {t('home.tool.comingSoon')}
          </span>
        )}
      </div>
    </article>
  );
}
