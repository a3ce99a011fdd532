import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockServer, renderApp } from '../../test/render-app';
import { TOOLS } from './tools';

describe('home page', () => {
  it('has a hero with links to both generators', async () => {
    mockServer();
    renderApp('/');
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent(
      'Turn words into images and video',
    );
    const main = screen.getByRole('main');
    expect(within(main).getByRole('link', { name: 'Generate Images' })).toHaveAttribute(
      'href',
      '/generate/image',
    );
    expect(within(main).getByRole('link', { name: 'Generate Video' })).toHaveAttribute(
      'href',
      '/generate/video',
    );
    expect(document.title).toBe('Kaleido: AI image and video generation');
  });

  it('shows the eight tools: Image and Video open, the others are honestly coming soon', async () => {
    mockServer();
    renderApp('/');
    const section = await screen.findByRole('region', { name: 'Generate' });
    const tiles = within(section).getAllByRole('article');
    expect(tiles).toHaveLength(8);
    expect(TOOLS.filter((tool) => tool.isNew).map((tool) => tool.title)).toEqual([
      'Image',
      'Enhancer',
      'Edit',
      'Video Lipsync',
    ]);
    expect(within(section).getByRole('link', { name: 'Open Image' })).toHaveAttribute(
      'href',
      '/generate/image',
    );
    expect(within(section).getByRole('link', { name: 'Open Video' })).toHaveAttribute(
      'href',
      '/generate/video',
    );
    expect(within(section).getAllByText('Coming soon')).toHaveLength(6);
    expect(within(section).getAllByText('New')).toHaveLength(4);
  });
});
