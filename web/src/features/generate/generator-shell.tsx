import type { TGenerationType } from '@kaleido/common';
import { APP_ROUTES, CREDIT_PRICES, MESSAGES } from '@kaleido/common/browser';
import { Clapperboard, Hourglass, ImageIcon, LogIn } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PageMeta } from '../../app/page-meta';
import { PAGE_METADATA } from '../../app/page-metadata';
import { formatCredits } from '../../lib/format';
import { Badge } from '../../ui/badge';
import { buttonClass } from '../../ui/button';
import { Card } from '../../ui/card';
import { PageContainer, PageHeader } from '../../ui/page';
import { useUser } from '../auth/auth-provider';

export interface OptionGroup {
  label: string;
  values: readonly (string | number)[];
  format?: (value: string | number) => string;
}

const COPY = {
  image: {
    eyebrow: 'Image',
    title: 'Create images from text',
    description:
      'Describe what you want to see, then choose a style, an aspect ratio and a resolution. Results are saved to your library.',
    signedOut: MESSAGES.logInToGenerateImages,
    icon: ImageIcon,
  },
  video: {
    eyebrow: 'Video',
    title: 'Create short videos from text',
    description:
      'Describe a scene, then choose a style, an aspect ratio, a duration and a resolution. Results are saved to your library.',
    signedOut: MESSAGES.logInToGenerateVideos,
    icon: Clapperboard,
  },
} as const satisfies Record<TGenerationType, unknown>;

/** The frame of both generator pages; the generator itself arrives with the generation engine. */
export function GeneratorShell({
  type,
  options,
}: {
  type: TGenerationType;
  options: readonly OptionGroup[];
}) {
  const { user } = useUser();
  const copy = COPY[type];
  const Icon = copy.icon;
  const price = formatCredits(CREDIT_PRICES[type]);

  let body: ReactNode;
  if (!user) {
    body = (
      <Card className="flex flex-col items-start gap-5 p-6 sm:flex-row sm:items-center sm:justify-between sm:p-8">
        <div className="flex items-start gap-4">
          <span className="inline-flex size-11 shrink-0 items-center justify-center rounded-xl bg-surface-2 text-fg">
            <LogIn aria-hidden className="size-5" />
          </span>
          <div>
            <p className="font-semibold text-fg">{copy.signedOut}</p>
            <p className="mt-1 text-sm text-fg-muted">
              Signing in keeps your credits, history and library together. Each {type} costs {price}.
            </p>
          </div>
        </div>
        <Link to={APP_ROUTES.auth} className={buttonClass({ variant: 'primary', size: 'lg' })}>
          <LogIn aria-hidden />
          Sign In
        </Link>
      </Card>
    );
  } else {
    body = (
      <Card className="flex flex-col items-start gap-4 p-6 sm:flex-row sm:items-center sm:p-8">
        <span className="inline-flex size-11 shrink-0 items-center justify-center rounded-xl bg-accent-soft text-accent-fg">
          <Hourglass aria-hidden className="size-5" />
        </span>
        <div>
          <p className="font-semibold text-fg">The {type} generator arrives with the generation engine.</p>
          <p className="mt-1 text-sm text-fg-muted">
            Nothing is generated or charged yet. You have {formatCredits(user.credits)}; each {type} will cost{' '}
            {price}.
          </p>
        </div>
      </Card>
    );
  }

  return (
    <PageContainer className="py-10 sm:py-14">
      <PageMeta {...PAGE_METADATA[type]} />
      <PageHeader
        eyebrow={
          <span className="inline-flex items-center gap-1.5">
            <Icon aria-hidden className="size-4" />
            {copy.eyebrow}
          </span>
        }
        title={copy.title}
        description={copy.description}
        actions={<Badge tone="accent">{price} each</Badge>}
      />
      <div className="mt-8 space-y-6">
        {body}
        <Card className="p-6 sm:p-8">
          <h2 className="text-sm font-semibold text-fg">Options</h2>
          <dl className="mt-4 grid gap-5 sm:grid-cols-2">
            {options.map((group) => (
              <div key={group.label}>
                <dt className="text-xs font-semibold tracking-wide text-fg-subtle uppercase">
                  {group.label}
                </dt>
                <dd className="mt-2 flex flex-wrap gap-1.5">
                  {group.values.map((value) => (
                    <span
                      key={value}
                      className="rounded-full border border-line bg-surface-2 px-2.5 py-1 text-xs font-medium text-fg-muted"
                    >
                      {group.format ? group.format(value) : value}
                    </span>
                  ))}
                </dd>
              </div>
            ))}
          </dl>
        </Card>
      </div>
    </PageContainer>
  );
}

/** 'digital-art' → 'Digital art', 'sci-fi' → 'Sci-fi' (short compounds keep their hyphen). */
export function optionLabel(value: string | number): string {
  const text = String(value).replace(/-(?=\w{3,})/g, ' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}
