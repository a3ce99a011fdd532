import type { TGalleryItem } from '@kaleido/common';
import { LIMITS, TIMINGS } from '@kaleido/common/browser';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setMediaQuery } from '../../test/match-media';
import { jsonResponse, mockServer, renderApp, startInLanguage } from '../../test/render-app';
import { wrapIndex } from './carousel';
import { TOOLS } from './tools';

const items: TGalleryItem[] = Array.from({ length: LIMITS.galleryItems }, (_, index) => ({
  id: `sample-${index + 1}`,
  type: index % 7 === 2 ? 'video' : 'image',
  url: `/api/files/gallery/samples/sample-${index + 1}.webp?exp=1&sig=x`,
  videoUrl: index % 7 === 2 ? `/api/files/gallery/samples/sample-${index + 1}.mp4?exp=1&sig=x` : null,
  downloadUrl: `/api/files/gallery/samples/sample-${index + 1}.webp?exp=1&sig=x&download=a.webp`,
  prompt: `prompt number ${index + 1}`,
  settings: null,
  width: 512,
  height: 300 + index * 20,
  source: 'sample',
  author: null,
  createdAt: null,
}));
const gallery = (url: string) =>
  url.startsWith('/api/gallery') ? jsonResponse({ success: true, data: items }) : undefined;

describe('home page', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('opens with the carousel: slide 1 with the heading and Generate Images', async () => {
    mockServer({ handler: gallery });
    renderApp('/');
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent(
      'Turn words into images and video',
    );
    const carousel = screen.getByRole('region', { name: 'Highlights' });
    expect(within(carousel).getByRole('link', { name: 'Generate Images' })).toHaveAttribute(
      'href',
      '/generate/image',
    );
    expect(within(carousel).getByRole('group', { name: '1 of 2' })).not.toHaveAttribute('aria-hidden');
    expect(document.title).toBe('Kaleido: AI image and video generation');
  });

  it('moves with the arrows and dots, wraps around, and advances by itself every 8 s', async () => {
    mockServer({ handler: gallery });
    const { user } = renderApp('/');
    const carousel = await screen.findByRole('region', { name: 'Highlights' });
    const slide = (n: number) =>
      carousel.querySelectorAll('[aria-roledescription="slide"]')[n - 1] as HTMLElement;
    await user.click(within(carousel).getByRole('button', { name: 'Next slide' }));
    expect(slide(2)).not.toHaveAttribute('aria-hidden');
    expect(slide(1)).toHaveAttribute('aria-hidden', 'true');
    expect(within(carousel).getByRole('button', { name: 'Go to slide 2' })).toHaveAttribute(
      'aria-current',
      'true',
    );
    await user.click(within(carousel).getByRole('button', { name: 'Next slide' }));
    expect(slide(1)).not.toHaveAttribute('aria-hidden');
    await user.click(within(carousel).getByRole('button', { name: 'Previous slide' }));
    expect(slide(2)).not.toHaveAttribute('aria-hidden');
    await user.click(within(carousel).getByRole('button', { name: 'Go to slide 1' }));
    expect(slide(1)).not.toHaveAttribute('aria-hidden');
    expect(within(carousel).getByRole('link', { name: 'Apply Now', hidden: true })).toHaveAttribute(
      'href',
      '/auth?mode=signup',
    );
    // Slide 2's background: six gallery images.
    expect(slide(2).querySelectorAll('img')).toHaveLength(6);

    // Focus left it (the dot was clicked): move the pointer and focus away, then let time pass.
    // Tests prefer reduced motion (see test/setup.ts): the carousel stays put then.
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await user.click(document.body);
    expect(carousel).toHaveAttribute('data-paused', 'true');
    act(() => vi.advanceTimersByTime(TIMINGS.carouselIntervalMs * 2));
    expect(slide(1)).not.toHaveAttribute('aria-hidden');
    act(() => setMediaQuery('(prefers-reduced-motion: reduce)', false));
    expect(carousel).toHaveAttribute('data-paused', 'false');
    act(() => vi.advanceTimersByTime(TIMINGS.carouselIntervalMs - 10));
    expect(slide(1)).not.toHaveAttribute('aria-hidden');
    act(() => vi.advanceTimersByTime(20));
    expect(slide(2)).not.toHaveAttribute('aria-hidden');
    act(() => vi.advanceTimersByTime(TIMINGS.carouselIntervalMs));
    expect(slide(1)).not.toHaveAttribute('aria-hidden');
    // Hovering pauses it.
    await user.hover(carousel);
    act(() => vi.advanceTimersByTime(TIMINGS.carouselIntervalMs * 2));
    expect(slide(1)).not.toHaveAttribute('aria-hidden');
    expect(wrapIndex(0, -1, 2)).toBe(1);
  });

  it('shows the eight tools, each opening its page (none is "coming soon"); Show all opens the tools page', async () => {
    mockServer({ handler: gallery });
    const { user, router } = renderApp('/');
    const section = await screen.findByRole('region', { name: 'Generate' });
    const tiles = within(section).getAllByRole('article');
    expect(tiles).toHaveLength(8);
    expect(TOOLS.filter((tool) => tool.isNew).map((tool) => tool.id)).toEqual([
      'image',
      'enhancer',
      'edit',
      'video-lipsync',
    ]);
    const opens = {
      Image: '/generate/image',
      Video: '/generate/video',
      Realtime: '/tools/realtime',
      Enhancer: '/tools/enhance',
      Edit: '/tools/edit',
      'Video Lipsync': '/tools/lipsync',
      Train: '/tools/train',
      '3D Objects': '/tools/3d',
    };
    for (const [title, href] of Object.entries(opens)) {
      expect(within(section).getByRole('link', { name: `Open ${title}` })).toHaveAttribute('href', href);
    }
    expect(within(section).queryAllByText('Coming soon')).toHaveLength(0);
    expect(within(section).getAllByText('New')).toHaveLength(4);
    await user.click(within(section).getByRole('link', { name: 'Show all' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Tools' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/tools');
    expect(screen.getAllByRole('article')).toHaveLength(8);
  });

  it('shows the 26 gallery items, the first 16 eager, with Video badges and three actions', async () => {
    mockServer({ handler: gallery });
    const { user, router } = renderApp('/');
    const section = await screen.findByRole('region', { name: 'Gallery' });
    expect(within(section).getByText('Loading amazing creations...')).toBeInTheDocument();
    const list = await within(section).findByRole('list');
    const images = within(list).getAllByRole('img');
    expect(images).toHaveLength(26);
    expect(images.slice(0, 16).every((img) => img.getAttribute('loading') === 'eager')).toBe(true);
    expect(images.slice(16).every((img) => img.getAttribute('loading') === 'lazy')).toBe(true);
    expect(within(list).getAllByText('Video')).toHaveLength(
      items.filter((item) => item.type === 'video').length,
    );
    const video = items.find((item) => item.type === 'video') as TGalleryItem & { prompt: string };
    expect(within(list).getByRole('link', { name: `Open “${video.prompt}”` })).toHaveAttribute(
      'href',
      video.videoUrl,
    );
    expect(within(list).getByRole('link', { name: `Download “${video.prompt}”` })).toHaveAttribute(
      'href',
      video.downloadUrl,
    );
    expect(within(section).getByRole('link', { name: 'View all' })).toHaveAttribute('href', '/gallery');
    await user.click(within(list).getByRole('button', { name: `Use the prompt “${video.prompt}”` }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/generate/video'), { timeout: 5000 });
    expect(await screen.findByDisplayValue(video.prompt)).toBeInTheDocument();
  });
});

describe('home page in another language', () => {
  it('shows the carousel, the tools and the gallery in Chinese', async () => {
    await startInLanguage('zh');
    mockServer({ handler: gallery });
    renderApp('/');
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent('把文字变成图片和视频。');
    const carousel = screen.getByRole('region', { name: '精选' });
    expect(within(carousel).getByRole('group', { name: '第 1 张，共 2 张' })).toBeInTheDocument();
    expect(within(carousel).getByRole('link', { name: '生成图片' })).toHaveAttribute(
      'href',
      '/generate/image',
    );
    const tools = screen.getByRole('region', { name: '生成' });
    expect(within(tools).getByRole('link', { name: '打开图片' })).toHaveAttribute('href', '/generate/image');
    expect(within(tools).queryAllByText('即将推出')).toHaveLength(0);
    expect(within(tools).getAllByRole('link', { name: /^打开/ })).toHaveLength(8);
    const section = screen.getByRole('region', { name: '作品广场' });
    expect(await within(section).findByRole('link', { name: '下载“prompt number 1”' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: '按次付费' })).toBeInTheDocument();
  });
});
