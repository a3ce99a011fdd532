import type { TGalleryItem } from '@kaleido/common';
import { LIMITS, profilePath } from '@kaleido/common/browser';
import { Download, ExternalLink, Flag, Wand2 } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { loadAreas, pageAreas } from '../../i18n/load-messages';
import { type Translate, useT } from '../../i18n/use-t';
import { cn } from '../../lib/cn';
import { useUser } from '../auth/auth-provider';
import { GENERATOR_ROUTES, type GeneratorPrefill } from '../generate/options';

// Reporting a creation (signed-in people): its chunk and its texts (the console's area, with the
// report reasons) load when someone opens it, so the gallery's pages do not load that area up front.
const ReportDialog = lazy(async () => {
  const [module] = await Promise.all([
    import('../admin/report-dialog'),
    loadAreas(pageAreas('features/admin/report-dialog')),
  ]);
  return module;
});

/** What a creation is called where its prompt is not shared: "Image by Ada", "Sample video". */
function itemLabel(item: TGalleryItem, t: Translate): string {
  if (item.prompt !== null) return t('home.galleryItem.quotedPrompt', { prompt: item.prompt });
  return item.author
    ? t('home.galleryItem.byAuthor', { type: item.type, name: item.author.displayName })
    : t('home.galleryItem.kind', { type: item.type });
}

/** Shown height in the grid: the item's own shape, kept between the spec's 150 and 450 px. */
function clampedAspect(item: TGalleryItem): string {
  // Column widths are about 200-300 px; the clamp is applied with min/max height on the tile too.
  return `${item.width} / ${item.height}`;
}

const ACTION =
  'inline-flex size-9 items-center justify-center rounded-full bg-black/55 text-white backdrop-blur transition-colors hover:bg-black/75 focus-visible:outline-2 focus-visible:outline-white';

/**
 * A masonry of gallery items, 2 to 5 columns by width. The first `eager` items load at once, the rest
 * lazily. Each has actions on hover or focus: open, download, and "Use this prompt" when its prompt is
 * shared (a person's creation whose owner shares usage data, or a sample).
 */
export function GalleryGrid({
  items,
  eager = LIMITS.galleryEagerItems,
  showAuthors = true,
}: {
  items: TGalleryItem[];
  eager?: number;
  /** A link to each community creation's author (off on the author's own profile page). */
  showAuthors?: boolean;
}) {
  const t = useT();
  const navigate = useNavigate();
  const { isSignedIn } = useUser();
  const [reporting, setReporting] = useState<string | null>(null);
  // "Use this prompt": the prompt and, for a person's creation that shares them, its settings.
  const reusePrompt = (item: TGalleryItem & { prompt: string }) => {
    const state: GeneratorPrefill = {
      prompt: item.prompt,
      ...(item.settings ? { settings: item.settings } : {}),
    };
    navigate(GENERATOR_ROUTES[item.type], { state });
  };
  return (
    <>
      <ul className="columns-2 gap-3 sm:columns-3 lg:columns-4 xl:columns-5 [&>li]:mb-3">
        {items.map((item, index) => {
          const label = itemLabel(item, t);
          return (
            <li key={item.id} className="break-inside-avoid">
              <figure
                className="group relative overflow-hidden rounded-2xl border border-line bg-surface-2"
                style={{
                  aspectRatio: clampedAspect(item),
                  minHeight: LIMITS.galleryItemMinHeightPx,
                  maxHeight: LIMITS.galleryItemMaxHeightPx,
                }}
              >
                <img
                  src={item.url}
                  alt={label}
                  width={item.width}
                  height={item.height}
                  loading={index < eager ? 'eager' : 'lazy'}
                  decoding="async"
                  className="size-full object-cover transition-transform duration-300 group-hover:scale-[1.03]"
                />
                {item.type === 'video' ? (
                  <span className="absolute top-2 left-2 rounded-full bg-black/60 px-2 py-0.5 text-[11px] font-semibold text-white">
                    {t('home.galleryItem.videoBadge')}
                  </span>
                ) : null}
                <div
                  className={cn(
                    'absolute inset-x-0 bottom-0 flex justify-end gap-1.5 bg-linear-to-t from-black/60 to-transparent p-2 pt-8',
                    'opacity-0 transition-opacity group-focus-within:opacity-100 group-hover:opacity-100 pointer-coarse:opacity-100',
                  )}
                >
                  <a
                    href={item.videoUrl ?? item.url}
                    target="_blank"
                    rel="noopener"
                    className={ACTION}
                    aria-label={t('home.galleryItem.openLabel', { label })}
                    title={t('home.galleryItem.open')}
                  >
                    <ExternalLink aria-hidden className="size-4" />
                  </a>
                  <a
                    href={item.downloadUrl}
                    download
                    className={ACTION}
                    aria-label={t('home.galleryItem.downloadLabel', { label })}
                    title={t('home.galleryItem.download')}
                  >
                    <Download aria-hidden className="size-4" />
                  </a>
                  {item.prompt !== null ? (
                    <button
                      type="button"
                      className={ACTION}
                      aria-label={t('home.galleryItem.usePromptLabel', { prompt: item.prompt })}
                      title={t('home.galleryItem.usePrompt')}
                      onClick={() => reusePrompt({ ...item, prompt: item.prompt as string })}
                    >
                      <Wand2 aria-hidden className="size-4" />
                    </button>
                  ) : null}
                  {isSignedIn && item.source === 'community' ? (
                    <button
                      type="button"
                      className={ACTION}
                      aria-label={t('home.report.buttonLabel')}
                      title={t('home.report.button')}
                      onClick={() => setReporting(item.id)}
                    >
                      <Flag aria-hidden className="size-4" />
                    </button>
                  ) : null}
                </div>
                {item.author && showAuthors ? (
                  <Link
                    to={profilePath(item.author.handle)}
                    className="absolute top-2 right-2 max-w-[70%] truncate rounded-full bg-black/55 px-2.5 py-0.5 text-[11px] font-semibold text-white backdrop-blur transition-colors hover:bg-black/75 focus-visible:outline-2 focus-visible:outline-white"
                  >
                    {item.author.displayName}
                  </Link>
                ) : null}
              </figure>
            </li>
          );
        })}
      </ul>
      {reporting ? (
        <Suspense fallback={null}>
          <ReportDialog itemId={reporting} onClose={() => setReporting(null)} />
        </Suspense>
      ) : null}
    </>
  );
}
