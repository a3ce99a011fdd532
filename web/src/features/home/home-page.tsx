import { ACCOUNT_DEFAULTS, APP_ROUTES, CREDIT_PRICES, MESSAGES, PRODUCT_NAME } from '@kaleido/common/browser';
import { useQuery } from '@tanstack/react-query';
import { ArrowRight, Code2, Library, Wallet } from 'lucide-react';
import { Link } from 'react-router';
import { PageMeta } from '../../app/page-meta';
import { PAGE_METADATA } from '../../app/page-metadata';
import { formatCredits } from '../../lib/format';
import { buttonClass } from '../../ui/button';
import { PageContainer } from '../../ui/page';
import { Spinner } from '../../ui/spinner';
import { useUser } from '../auth/auth-provider';
import { useExperimentalFeatures } from '../experimental/use-experimental';
import { homeGalleryQueryOptions } from './api';
import { Carousel, type CarouselSlide } from './carousel';
import { GalleryGrid } from './gallery-grid';
import { ToolTile } from './tool-tile';
import { visibleTools } from './tools';

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
  const tools = visibleTools(useExperimentalFeatures().enabled);
  const gallery = useQuery(homeGalleryQueryOptions());
  const stills = (gallery.data ?? []).filter((item) => item.type === 'image');
  const slides: CarouselSlide[] = [
    {
      id: 'open-beta',
      badge: 'Open beta',
      title: (
        <>
          Turn words into <span className="text-kaleido">images and video</span>.
        </>
      ),
      subtitle: isSignedIn ? undefined : `Start free with ${formatCredits(ACCOUNT_DEFAULTS.startingCredits)}`,
      description: `Open beta access is here. Describe what you imagine and ${PRODUCT_NAME} renders it in the style, shape and resolution you choose.`,
      buttonText: 'Generate Images',
      to: APP_ROUTES.generateImage,
      sideImages: stills.slice(6, 10),
      darkOverlay: false,
    },
    {
      id: 'new-model',
      badge: 'New model',
      title: 'Sketch: offline, instant, yours',
      description:
        'The built-in Sketch renderer draws images and encodes short videos right on this server. Early access to hosted AI models opens to account holders first.',
      buttonText: 'Apply Now',
      to: isSignedIn ? APP_ROUTES.apiKeys : `${APP_ROUTES.auth}?mode=signup`,
      backgroundImages: stills.slice(0, 6),
      darkOverlay: true,
    },
  ];
  return (
    <>
      <PageMeta {...PAGE_METADATA.home} />

      <PageContainer className="pt-6 pb-14 sm:pt-10 sm:pb-16">
        <Carousel slides={slides} label="Highlights" />
      </PageContainer>

      <section aria-labelledby="generate-heading" className="pb-16 sm:pb-20">
        <PageContainer>
          <div className="mb-6 flex items-end justify-between gap-4">
            <div>
              <h2 id="generate-heading" className="text-2xl font-semibold tracking-tight text-fg sm:text-3xl">
                Generate
              </h2>
              <p className="mt-1.5 text-fg-muted">Pick a tool to start creating.</p>
            </div>
            <Link to={APP_ROUTES.tools} className={buttonClass({ variant: 'secondary', size: 'sm' })}>
              Show all
            </Link>
          </div>
          <ul className="grid grid-cols-1 gap-4 min-[480px]:grid-cols-2 lg:grid-cols-4">
            {tools.map((tool) => (
              <li key={tool.id} className="flex">
                <div className="flex-1 [&>article]:h-full">
                  <ToolTile tool={tool} />
                </div>
              </li>
            ))}
          </ul>
        </PageContainer>
      </section>

      <section aria-labelledby="gallery-heading" className="pb-16 sm:pb-20">
        <PageContainer>
          <div className="mb-6 flex items-end justify-between gap-4">
            <div>
              <h2 id="gallery-heading" className="text-2xl font-semibold tracking-tight text-fg sm:text-3xl">
                Gallery
              </h2>
              <p className="mt-1.5 text-fg-muted">
                Made with {PRODUCT_NAME}, shared by people who made them public.
              </p>
            </div>
            <Link to={APP_ROUTES.gallery} className={buttonClass({ variant: 'secondary', size: 'sm' })}>
              View all
            </Link>
          </div>
          {gallery.isPending ? (
            <p className="flex items-center justify-center gap-2 py-16 text-fg-muted">
              <Spinner /> {MESSAGES.loading}
            </p>
          ) : gallery.isError ? (
            <p className="py-16 text-center text-fg-muted">
              The gallery could not be loaded. Please try again later.
            </p>
          ) : gallery.data.length === 0 ? (
            <p className="py-16 text-center text-fg-muted">
              The first creations are still being rendered. They appear here in a minute.
            </p>
          ) : (
            <GalleryGrid items={gallery.data} />
          )}
        </PageContainer>
      </section>

      <section aria-label={`Why ${PRODUCT_NAME}`} className="pb-20">
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
