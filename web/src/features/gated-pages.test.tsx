import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ENGLISH } from '../test/english-catalog';
import { mockServer, renderApp, TEST_USER } from '../test/render-app';

describe('signed-out states', () => {
  const cases = [
    { path: '/library', texts: ['Please sign in to view your assets.'] },
    { path: '/profile', texts: ['Please log in to view your profile.'] },
    { path: '/billing', texts: ['Authentication Required', 'Please sign in to manage billing'] },
    { path: '/api-keys', texts: ['Authentication required', 'Please sign in to manage your API keys'] },
    { path: '/generate/image', texts: ['Please log in to generate images'] },
    { path: '/generate/video', texts: ['Please log in to generate videos'] },
  ];

  for (const { path, texts } of cases) {
    it(`${path} says ${texts.map((text) => `'${text}'`).join(' and ')} with a Sign In button`, async () => {
      mockServer();
      renderApp(path);
      for (const text of texts) expect(await screen.findByText(text)).toBeInTheDocument();
      const main = screen.getByRole('main');
      expect(within(main).getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/auth');
    });
  }

  it('uses the catalogue texts', () => {
    const english = Object.values(ENGLISH);
    for (const { texts } of cases) for (const text of texts) expect(english).toContain(text);
  });
});

describe('signed-in pages', () => {
  it('the profile shows the account', async () => {
    mockServer({ user: TEST_USER });
    renderApp('/profile');
    const overview = await screen.findByRole('tabpanel');
    expect(within(overview).getByText('ada@example.com')).toBeInTheDocument();
    expect(within(overview).getByText('42')).toBeInTheDocument();
  });
});
