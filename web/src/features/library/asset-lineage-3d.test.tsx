import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeAsset } from '../../test/generation-fixtures';
import { jsonResponse, mockServer, renderApp, TEST_SETTINGS, TEST_USER } from '../../test/render-app';

/** A 3D object made from an image (issue 21), and the image it came from. */
const chair = makeAsset({ id: 'chair', prompt: 'A wooden chair', origin: 'uploaded', tool: null });
const object = {
  ...makeAsset({ id: 'object', prompt: 'A wooden chair', tool: '3d' }),
  type: 'model' as const,
  sourceAssetIds: ['chair'],
};

describe('library lineage of a 3D object', () => {
  it('names the image it was made into 3D from, and offers no image tools for it', async () => {
    mockServer({
      user: TEST_USER,
      handler: (url) => {
        if (url === '/api/settings') return jsonResponse({ success: true, data: TEST_SETTINGS });
        if (url.startsWith('/api/generations')) return jsonResponse({ success: true, data: [] });
        if (url.startsWith('/api/assets?'))
          return jsonResponse({ success: true, data: { items: [object, chair], nextCursor: null } });
        if (url === '/api/assets/object') return jsonResponse({ success: true, data: object });
        if (url === '/api/library/object/lineage')
          return jsonResponse({ success: true, data: { sources: [chair], derived: [] } });
        return undefined;
      },
    });
    renderApp('/library?asset=object');
    // The detail dialog loads with its own texts (the first import of a catalog area is slow in tests).
    const sources = await screen.findByRole('list', { name: 'Made from' }, { timeout: 8000 });
    expect(within(sources).getByText('Made into 3D from')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Open in Enhancer' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Open in Lipsync' })).not.toBeInTheDocument();
  });
});
