import { ACCOUNT_DEFAULTS, APP_ROUTES, CREDIT_PRICES, PRODUCT_NAME } from '@kaleido/common/browser';
import { ArrowRight, Clapperboard, Code2, ImageIcon, Library, Sparkles, Wallet } from 'lucide-react';
import { Link } from 'react-router';
import { PageMeta } from '../../app/page-meta';
import { PAGE_METADATA } from '../../app/page-metadata';
import { formatCredits } from '../../lib/format';
import { buttonClass } from '../../ui/button';
import { PageContainer } from '../../ui/page';
import { useUser } from '../auth/auth-provider';
import { HeroMosaic } from './hero-mosaic';
import { ToolTile } from './tool-tile';
import { TOOLS } from './tools';

const HIGHLIGHTS = [
  {
    icon: Wallet,
    title: 'Pay per generation',
    text: `An image costs ${formatCredits(CREDIT_PRICES.image)}, a video ${formatCredits(CREDIT_PRICES.video)}. Failed generations are never charged.`,
    link: { to: APP_ROUTES.pricing, label: 'See pricing' },
  },
  {
    icon: Library,
    title: 'Everything in your library',
    text: 'Every result is saved automatically. Search, filter, open and download whenever you need it.',
    link: { to: APP_ROUTES.library, label: 'Open library' },
  },
  {
    icon: Code2,
    title: 'Build on the API',
    text: `The same engine from your own code, with named API keys and per-key usage figures.`,
    link: { to: APP_ROUTES.apiDocs, label: 'Read the docs' },
  },
] as const;

export function HomePage() {
  const { isSignedIn } = useUser();
  return (
    <>
      <PageMeta {...PAGE_METADATA.home} />

      <section className="relative isolate overflow-x-clip">
        <div
          aria-hidden
          className="pointer-events-none absolute inset-0 -z-10 bg-[radial-gradient(60%_50%_at_20%_0%,var(--accent-soft),transparent_70%)]"
        />
        <div
          aria-hidden
          className="pointer-events-none absolute inset-0 -z-10 bg-[linear-gradient(to_right,var(--line)_1px,transparent_1px),linear-gradient(to_bottom,var(--line)_1px,transparent_1px)] bg-[size:56px_56px] [mask-image:radial-gradient(70%_60%_at_50%_0%,black,transparent)]"
        />
        <PageContainer className="grid items-center gap-12 pt-12 pb-16 sm:pt-16 lg:grid-cols-[1.1fr_1fr] lg:gap-16 lg:pt-24 lg:pb-24">
          <div>
            <p className="inline-flex items-center gap-2 rounded-full border border-line bg-surface/70 py-1 pr-3 pl-1 text-[13px] font-medium text-fg-muted shadow-sm backdrop-blur">
              <span className="inline-flex items-center gap-1 rounded-full bg-kaleido px-2 py-0.5 text-[11px] font-semibold text-white">
                <Sparkles aria-hidden className="size-3" />
                Open beta
              </span>
              Images and short videos from text
            </p>
            <h1 className="mt-6 text-[2.6rem] leading-[1.05] font-semibold tracking-[-0.035em] text-balance text-fg sm:text-6xl lg:text-[4.25rem]">
              Turn words into <span className="text-kaleido">images and video</span>.
            </h1>
            <p className="mt-6 max-w-xl text-lg text-pretty text-fg-muted">
              Describe what you imagine and {PRODUCT_NAME} renders it in the style, shape and resolution you
              choose. Keep every result in your library, or generate from your own code with the API.
            </p>
            <div className="mt-8 flex flex-col gap-3 sm:flex-row">
              <Link to={APP_ROUTES.generateImage} className={buttonClass({ variant: 'accent', size: 'lg' })}>
                <ImageIcon aria-hidden />
                Generate Images
              </Link>
              <Link
                to={APP_ROUTES.generateVideo}
                className={buttonClass({ variant: 'secondary', size: 'lg' })}
              >
                <Clapperboard aria-hidden />
                Generate Video
              </Link>
            </div>
            {isSignedIn ? null : (
              <p className="mt-5 text-sm text-fg-subtle">
                Start free with {formatCredits(ACCOUNT_DEFAULTS.startingCredits)}. No card required.
              </p>
            )}
          </div>
          <HeroMosaic className="mx-auto aspect-[4/3] w-full max-w-xl lg:aspect-square" />
        </PageContainer>
      </section>

      <section aria-labelledby="generate-heading" className="pb-16 sm:pb-20">
        <PageContainer>
          <div className="mb-6 flex items-end justify-between gap-4">
            <div>
              <h2 id="generate-heading" className="text-2xl font-semibold tracking-tight text-fg sm:text-3xl">
                Generate
              </h2>
              <p className="mt-1.5 text-fg-muted">Pick a tool to start creating.</p>
            </div>
          </div>
          <ul className="grid grid-cols-1 gap-4 min-[480px]:grid-cols-2 lg:grid-cols-4">
            {TOOLS.map((tool) => (
              <li key={tool.id} className="flex">
                <div className="flex-1 [&>article]:h-full">
                  <ToolTile tool={tool} />
                </div>
              </li>
            ))}
          </ul>
        </PageContainer>
      </section>

      <section aria-label="Why Kaleido" className="pb-20">
        <PageContainer>
          <div className="grid gap-4 rounded-3xl border border-line bg-surface p-2 shadow-card md:grid-cols-3">
            {HIGHLIGHTS.map(({ icon: Icon, title, text, link }) => (
              <div key={title} className="flex flex-col rounded-2xl p-5 sm:p-6">
                <Icon aria-hidden className="size-5 text-accent-fg" />
                <h3 className="mt-4 font-semibold text-fg">{title}</h3>
                <p className="mt-1.5 flex-1 text-sm text-pretty text-fg-muted">{text}</p>
                <Link
                  to={link.to}
                  className="mt-4 inline-flex items-center gap-1 self-start rounded text-sm font-medium text-fg hover:text-accent-fg"
                >
                  {link.label}
                  <ArrowRight aria-hidden className="size-4" />
                </Link>
              </div>
            ))}
          </div>
        </PageContainer>
      </section>
    </>
  );
}
