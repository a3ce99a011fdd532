import { APP_ROUTES, CREDIT_PRICES, PRODUCT_NAME } from '@kaleido/common/browser';
import { useQuery } from '@tanstack/react-query';
import { ArrowRight, Code2, Library, Wallet } from 'lucide-react';
import { Link } from 'react-router';
import { PageMeta } from '../../app/page-meta';
import { PAGE_METADATA } from '../../app/page-metadata';
import { T } from '../../i18n/t';
import { useT } from '../../i18n/use-t';
import { buttonClass } from '../../ui/button';
import { PageContainer } from '../../ui/page';
import { Spinner } from '../../ui/spinner';
import { useStartingCredits } from '../../use-served-values';
import { useUser } from '../auth/auth-provider';
import { useExperimentalFeatures } from '../experimental/use-experimental';
import { homeGalleryQueryOptions } from './api';
import { Carousel, type CarouselSlide } from './carousel';
import { GalleryGrid } from './gallery-grid';
import { ToolTile } from './tool-tile';
import { visibleTools } from './tools';

const HIGHLIGHTS = [
  {
    id: 'pay',
    icon: Wallet,
    title: 'home.highlights.pay.title',
    text: 'home.highlights.pay.text',
    values: { image: CREDIT_PRICES.image, video: CREDIT_PRICES.video },
    link: { to: APP_ROUTES.pricing, label: 'home.highlights.pay.link' },
  },
  {
    id: 'library',
    icon: Library,
    title: 'home.highlights.library.title',
    text: 'home.highlights.library.text',
    values: undefined,
    link: { to: APP_ROUTES.library, label: 'home.highlights.library.link' },
  },
  {
    id: 'api',
    icon: Code2,
    title: 'home.highlights.api.title',
    text: 'home.highlights.api.text',
    values: undefined,
    link: { to: APP_ROUTES.apiDocs, label: 'home.highlights.api.link' },
  },
] as const;

export function HomePage() {
  const t = useT();
  const { isSignedIn } = useUser();
  const startingCredits = useStartingCredits();
  const tools = visibleTools(useExperimentalFeatures().enabled);
  const gallery = useQuery(homeGalleryQueryOptions());
  const stills = (gallery.data ?? []).filter((item) => item.type === 'image');
  const slides: CarouselSlide[] = [
    {
      id: 'open-beta',
      badge: t('home.slide.beta.badge'),
      title: (
        <T
          id="home.slide.beta.title"
          values={{ accent: (chunks) => <span className="text-kaleido">{chunks}</span> }}
        />
      ),
      subtitle: isSignedIn ? undefined : t('home.slide.beta.subtitle', { count: startingCredits }),
      description: t('home.slide.beta.description', { product: PRODUCT_NAME }),
      buttonText: t('home.slide.beta.button'),
      to: APP_ROUTES.generateImage,
      sideImages: stills.slice(6, 10),
      darkOverlay: false,
    },
    {
      id: 'new-model',
      badge: t('home.slide.model.badge'),
      title: t('home.slide.model.title'),
      description: t('home.slide.model.description'),
      buttonText: t('home.slide.model.button'),
      to: isSignedIn ? APP_ROUTES.apiKeys : `${APP_ROUTES.auth}?mode=signup`,
      backgroundImages: stills.slice(0, 6),
      darkOverlay: true,
    },
  ];
  return (
    <>
      <PageMeta {...PAGE_METADATA.home} />

      <PageContainer className="pt-6 pb-14 sm:pt-10 sm:pb-16">
        <Carousel slides={slides} label={t('home.carousel.label')} />
      </PageContainer>

      <section aria-labelledby="generate-heading" className="pb-16 sm:pb-20">
        <PageContainer>
          <div className="mb-6 flex items-end justify-between gap-4">
            <div className="min-w-0">
              <h2 id="generate-heading" className="text-2xl font-semibold tracking-tight text-fg sm:text-3xl">
                {t('home.generate.title')}
              </h2>
              <p className="mt-1.5 text-fg-muted">{t('home.generate.subtitle')}</p>
            </div>
            <Link
              to={APP_ROUTES.tools}
              className={buttonClass({ variant: 'secondary', size: 'sm', className: 'shrink-0' })}
            >
              {t('home.generate.showAll')}
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
            <div className="min-w-0">
              <h2 id="gallery-heading" className="text-2xl font-semibold tracking-tight text-fg sm:text-3xl">
                {t('home.gallery.title')}
              </h2>
              <p className="mt-1.5 text-fg-muted">{t('home.gallery.subtitle', { product: PRODUCT_NAME })}</p>
            </div>
            <Link
              to={APP_ROUTES.gallery}
              className={buttonClass({ variant: 'secondary', size: 'sm', className: 'shrink-0' })}
            >
              {t('home.gallery.viewAll')}
            </Link>
          </div>
          {gallery.isPending ? (
            <p className="flex items-center justify-center gap-2 py-16 text-fg-muted">
              <Spinner /> {t('home.gallery.loading')}
            </p>
          ) : gallery.isError ? (
            <p className="py-16 text-center text-fg-muted">{t('home.gallery.error')}</p>
          ) : gallery.data.length === 0 ? (
            <p className="py-16 text-center text-fg-muted">{t('home.gallery.empty')}</p>
          ) : (
            <GalleryGrid items={gallery.data} />
          )}
        </PageContainer>
      </section>

      <section aria-label={t('home.why.label', { product: PRODUCT_NAME })} className="pb-20">
        <PageContainer>
          <div className="grid gap-4 rounded-3xl border border-line bg-surface p-2 shadow-card md:grid-cols-3">
            {HIGHLIGHTS.map(({ id, icon: Icon, title, text, values, link }) => (
              <div key={id} className="flex flex-col rounded-2xl p-5 sm:p-6">
                <Icon aria-hidden className="size-5 text-accent-fg" />
                <h3 className="mt-4 font-semibold text-fg">{t(title)}</h3>
                <p className="mt-1.5 flex-1 text-sm text-pretty text-fg-muted">{t(text, values)}</p>
                <Link
                  to={link.to}
                  className="mt-4 inline-flex items-center gap-1 self-start rounded text-sm font-medium text-fg hover:text-accent-fg"
                >
                  {t(link.label)}
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
