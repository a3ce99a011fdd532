import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { I18nProvider } from '../../i18n/i18n-provider';
import { createQueryClient } from '../../lib/query-client';
import { jsonResponse } from '../../test/render-app';
import { RecentActivity } from './usage-figures';

const figures = {
  generations: 0,
  images: 0,
  videos: 0,
  creditsUsed: 0,
  creditsPurchased: 0,
  amountSpentCents: 0,
};

describe('recent activity and data collection', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('says "prompt not kept" for a generation logged while data collection was off', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        jsonResponse({
          success: true,
          data: {
            periodStart: '2026-03-15T09:30:00.000Z',
            thisMonth: figures,
            allTime: figures,
            recentActivity: [
              {
                id: 'generation:2',
                kind: 'generation',
                event: 'generatedImage',
                title: 'Generated an image',
                detail: null,
                promptKept: false,
                credits: -1,
                createdAt: '2026-03-20T11:00:00.000Z',
              },
              {
                id: 'generation:1',
                kind: 'generation',
                event: 'generatedVideo',
                title: 'Generated a video',
                detail: 'waves at night',
                promptKept: true,
                credits: -3,
                createdAt: '2026-03-20T10:00:00.000Z',
              },
            ],
          },
        }),
      ),
    );
    render(
      <QueryClientProvider client={createQueryClient()}>
        <I18nProvider initial="en">
          <RecentActivity />
        </I18nProvider>
      </QueryClientProvider>,
    );
    const items = await screen.findAllByRole('listitem');
    expect(within(items[0] as HTMLElement).getByText('prompt not kept')).toBeInTheDocument();
    expect(within(items[1] as HTMLElement).getByText('waves at night')).toBeInTheDocument();
    expect(within(items[1] as HTMLElement).queryByText('prompt not kept')).not.toBeInTheDocument();
  });
});
