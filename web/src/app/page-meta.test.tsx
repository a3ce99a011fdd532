import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { I18nProvider } from '../i18n/i18n-provider';
import { formatPageTitle, PageMeta } from './page-meta';

function meta(selector: string): string | null | undefined {
  return document.head.querySelector(selector)?.getAttribute('content');
}

describe('formatPageTitle', () => {
  it("appends ' · Kaleido'", () => {
    expect(formatPageTitle('Pricing')).toBe('Pricing · Kaleido');
  });

  it('leaves titles that already name the product alone', () => {
    expect(formatPageTitle('Kaleido: AI image and video generation')).toBe(
      'Kaleido: AI image and video generation',
    );
    expect(formatPageTitle('Welcome to Kaleido')).toBe('Welcome to Kaleido');
  });

  it('falls back to the product name', () => {
    expect(formatPageTitle('  ')).toBe('Kaleido');
  });
});

describe('PageMeta', () => {
  it('puts title, description, keywords, canonical, social and article tags into <head>', () => {
    render(
      <I18nProvider initial="en">
        <MemoryRouter initialEntries={['/pricing']}>
          <PageMeta
            title="Pricing"
            description="Plans and packs."
            keywords={['pricing', 'credits']}
            type="article"
            article={{
              publishedTime: '2026-01-01T00:00:00Z',
              modifiedTime: '2026-01-02T00:00:00Z',
              author: 'Kaleido team',
              section: 'Billing',
              tags: ['credits', 'plans'],
            }}
          />
        </MemoryRouter>
      </I18nProvider>,
    );
    expect(document.title).toBe('Pricing · Kaleido');
    expect(meta('meta[name="description"]')).toBe('Plans and packs.');
    expect(meta('meta[name="keywords"]')).toBe('pricing, credits');
    expect(document.head.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(
      `${window.location.origin}/pricing`,
    );
    expect(meta('meta[property="og:title"]')).toBe('Pricing · Kaleido');
    expect(meta('meta[property="og:description"]')).toBe('Plans and packs.');
    expect(meta('meta[property="og:type"]')).toBe('article');
    expect(meta('meta[property="og:url"]')).toBe(`${window.location.origin}/pricing`);
    expect(meta('meta[name="twitter:card"]')).toBe('summary');
    expect(meta('meta[name="twitter:title"]')).toBe('Pricing · Kaleido');
    expect(meta('meta[property="article:published_time"]')).toBe('2026-01-01T00:00:00Z');
    expect(meta('meta[property="article:modified_time"]')).toBe('2026-01-02T00:00:00Z');
    expect(meta('meta[property="article:author"]')).toBe('Kaleido team');
    expect(meta('meta[property="article:section"]')).toBe('Billing');
    const tags = [...document.head.querySelectorAll('meta[property="article:tag"]')].map((tag) =>
      tag.getAttribute('content'),
    );
    expect(tags).toEqual(['credits', 'plans']);
  });
});
