import type { TGalleryItem } from '@kaleido/common';
import { TIMINGS } from '@kaleido/common/browser';
import { ChevronLeft, ChevronRight, Sparkles } from 'lucide-react';
import { type ReactNode, useEffect, useId, useState } from 'react';
import { Link } from 'react-router';
import { useT } from '../../i18n/use-t';
import { cn } from '../../lib/cn';
import { useMediaQuery } from '../../lib/use-media-query';
import { buttonClass } from '../../ui/button';

/** A slide (spec section 3: badge, title, optional subtitle, description, button, background, dark overlay). */
export interface CarouselSlide {
  id: string;
  badge: string;
  title: ReactNode;
  subtitle?: string;
  description: string;
  buttonText: string;
  to: string;
  backgroundImages?: readonly TGalleryItem[];
  /** A few creations beside the text on large screens. */
  sideImages?: readonly TGalleryItem[];
  darkOverlay: boolean;
}

/** The index after `index` moves by `step`, wrapping around. */
export const wrapIndex = (index: number, step: number, count: number) =>
  (((index + step) % count) + count) % count;

/**
 * The home carousel: arrows, dots, auto-advance every 8 s with wrap-around and a 500 ms slide; it
 * pauses while hovered or focused, and for people who prefer reduced motion it neither moves by
 * itself nor animates.
 */
export function Carousel({ slides, label }: { slides: readonly CarouselSlide[]; label: string }) {
  const t = useT();
  const ids = useId();
  const [index, setIndex] = useState(0);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const reducedMotion = useMediaQuery('(prefers-reduced-motion: reduce)');
  const paused = hovered || focused || reducedMotion;

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new index (arrow, dot or timer) restarts the 8 s wait.
  useEffect(() => {
    if (paused || slides.length < 2) return;
    const timer = window.setTimeout(
      () => setIndex((current) => wrapIndex(current, 1, slides.length)),
      TIMINGS.carouselIntervalMs,
    );
    return () => window.clearTimeout(timer);
  }, [index, paused, slides.length]);

  const go = (step: number) => setIndex((current) => wrapIndex(current, step, slides.length));

  return (
    <section
      aria-roledescription={t('home.carousel.roleCarousel')}
      aria-label={label}
      data-paused={paused ? 'true' : 'false'}
      className="relative isolate overflow-hidden rounded-3xl border border-line bg-surface shadow-card"
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
      }}
    >
      <div
        className="flex"
        style={{
          transform: `translateX(-${index * 100}%)`,
          transition: reducedMotion ? 'none' : `transform ${TIMINGS.carouselTransitionMs}ms ease-in-out`,
        }}
        aria-live={paused ? 'polite' : 'off'}
      >
        {slides.map((slide, position) => {
          const active = position === index;
          return (
            // biome-ignore lint/a11y/useSemanticElements: the WAI-ARIA carousel pattern: each slide is a group.
            <div
              key={slide.id}
              id={`${ids}-slide-${position}`}
              role="group"
              aria-roledescription={t('home.carousel.roleSlide')}
              aria-label={t('home.carousel.slideOf', { position: position + 1, total: slides.length })}
              aria-hidden={active ? undefined : true}
              inert={!active}
              className="relative flex min-h-[22rem] w-full shrink-0 items-center sm:min-h-[26rem]"
            >
              {slide.backgroundImages?.length ? (
                <TiltedGrid images={slide.backgroundImages} />
              ) : (
                <SlideGlow />
              )}
              {slide.darkOverlay ? (
                <div
                  aria-hidden
                  className="absolute inset-0 -z-10 bg-linear-to-r from-black/80 via-black/55 to-black/20"
                />
              ) : null}
              {slide.sideImages?.length ? (
                <SideMosaic images={slide.sideImages} priority={position === 0} />
              ) : null}
              <div className="px-6 pt-12 pb-24 sm:px-12 sm:pb-12 lg:max-w-[60%] lg:px-16">
                <p
                  className={cn(
                    'inline-flex items-center gap-1.5 rounded-full px-2.5 py-1 text-[12px] font-semibold',
                    slide.darkOverlay ? 'bg-white/15 text-white backdrop-blur' : 'bg-kaleido text-white',
                  )}
                >
                  <Sparkles aria-hidden className="size-3.5" />
                  {slide.badge}
                </p>
                {position === 0 ? (
                  <h1 className="mt-5 text-[2.3rem] leading-[1.05] font-semibold tracking-[-0.03em] text-balance break-words hyphens-auto text-fg sm:text-5xl lg:text-6xl">
                    {slide.title}
                  </h1>
                ) : (
                  <h2
                    className={cn(
                      'mt-5 text-[2.1rem] leading-[1.05] font-semibold tracking-[-0.03em] text-balance break-words hyphens-auto sm:text-5xl',
                      slide.darkOverlay ? 'text-white' : 'text-fg',
                    )}
                  >
                    {slide.title}
                  </h2>
                )}
                {slide.subtitle ? (
                  <p
                    className={cn(
                      'mt-3 text-lg font-medium',
                      slide.darkOverlay ? 'text-white/90' : 'text-fg',
                    )}
                  >
                    {slide.subtitle}
                  </p>
                ) : null}
                <p
                  className={cn(
                    'mt-4 max-w-xl text-pretty sm:text-lg',
                    slide.darkOverlay ? 'text-white/80' : 'text-fg-muted',
                  )}
                >
                  {slide.description}
                </p>
                <Link to={slide.to} className={cn(buttonClass({ variant: 'accent', size: 'lg' }), 'mt-7')}>
                  {slide.buttonText}
                </Link>
              </div>
            </div>
          );
        })}
      </div>

      <div className="absolute right-4 bottom-4 flex items-center gap-2 sm:right-6 sm:bottom-6">
        <button
          type="button"
          className={buttonClass({ variant: 'secondary', size: 'icon' })}
          aria-label={t('home.carousel.previous')}
          aria-controls={`${ids}-slide-${index}`}
          onClick={() => go(-1)}
        >
          <ChevronLeft aria-hidden />
        </button>
        <div className="flex items-center">
          {slides.map((slide, position) => (
            <button
              key={slide.id}
              type="button"
              aria-label={t('home.carousel.goTo', { position: position + 1 })}
              aria-current={position === index ? 'true' : undefined}
              className="group/dot inline-flex h-8 min-w-8 items-center justify-center px-1"
              onClick={() => setIndex(position)}
            >
              <span
                aria-hidden
                className={cn(
                  'h-2.5 rounded-full transition-all',
                  position === index ? 'w-6 bg-accent' : 'w-2.5 bg-fg-subtle/60 group-hover/dot:bg-fg-subtle',
                )}
              />
            </button>
          ))}
        </div>
        <button
          type="button"
          className={buttonClass({ variant: 'secondary', size: 'icon' })}
          aria-label={t('home.carousel.next')}
          aria-controls={`${ids}-slide-${index}`}
          onClick={() => go(1)}
        >
          <ChevronRight aria-hidden />
        </button>
      </div>
    </section>
  );
}

function SlideGlow() {
  return (
    <div aria-hidden className="absolute inset-0 -z-20">
      <div className="absolute inset-0 bg-[radial-gradient(60%_70%_at_85%_20%,var(--accent-soft),transparent_70%)]" />
      <div className="absolute inset-0 bg-[linear-gradient(to_right,var(--line)_1px,transparent_1px),linear-gradient(to_bottom,var(--line)_1px,transparent_1px)] bg-[size:48px_48px] [mask-image:radial-gradient(70%_80%_at_80%_30%,black,transparent)]" />
    </div>
  );
}

/**
 * Four creations to the right of slide 1 (large screens). The first is the page's largest image, so it
 * carries its size and is fetched with high priority.
 */
function SideMosaic({ images, priority }: { images: readonly TGalleryItem[]; priority: boolean }) {
  return (
    <div aria-hidden className="absolute inset-y-8 right-8 hidden w-[36%] grid-cols-2 gap-3 lg:grid">
      {images.slice(0, 4).map((image, index) => (
        <img
          key={image.id}
          src={image.url}
          alt=""
          width={image.width}
          height={image.height}
          loading={priority ? 'eager' : 'lazy'}
          fetchPriority={priority && index === 0 ? 'high' : 'auto'}
          decoding={index === 0 ? 'sync' : 'async'}
          className={cn(
            'size-full rounded-2xl object-cover shadow-card ring-1 ring-line',
            index % 2 === 1 && 'translate-y-6',
          )}
        />
      ))}
    </div>
  );
}

/** Slide 2's background: six gallery images in a tilted grid. */
function TiltedGrid({ images }: { images: readonly TGalleryItem[] }) {
  return (
    <div aria-hidden className="absolute inset-0 -z-20 overflow-hidden bg-black">
      <div className="absolute -inset-[20%] grid rotate-[-8deg] grid-cols-3 gap-3 p-3">
        {images.slice(0, 6).map((image) => (
          <img
            key={image.id}
            src={image.url}
            alt=""
            width={image.width}
            height={image.height}
            loading="lazy"
            decoding="async"
            className="size-full rounded-2xl object-cover"
          />
        ))}
      </div>
    </div>
  );
}
