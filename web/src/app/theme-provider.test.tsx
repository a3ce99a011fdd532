import { act, render, renderHook, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { I18nProvider } from '../i18n/i18n-provider';
import { installMatchMedia, setMediaQuery } from '../test/match-media';
import { DARK_SCHEME_QUERY, THEME_COLORS, THEME_STORAGE_KEY } from './theme';
import { ThemeProvider, useTheme } from './theme-provider';
import { ThemeToggle } from './theme-toggle';

function renderToggle() {
  return render(
    <I18nProvider initial="en">
      <ThemeProvider>
        <ThemeToggle />
      </ThemeProvider>
    </I18nProvider>,
  );
}

const html = () => document.documentElement;
const themeColor = () => document.querySelector('meta[name="theme-color"]')?.getAttribute('content');

describe('theme', () => {
  it('follows the system preference by default, without storing anything', () => {
    installMatchMedia({ [DARK_SCHEME_QUERY]: true });
    renderToggle();
    expect(html()).toHaveClass('dark');
    expect(html().style.colorScheme).toBe('dark');
    expect(themeColor()).toBe(THEME_COLORS.dark);
    expect(window.localStorage.getItem(THEME_STORAGE_KEY)).toBeNull();
  });

  it('tracks system changes while on the system theme', () => {
    installMatchMedia({ [DARK_SCHEME_QUERY]: false });
    renderToggle();
    expect(html()).not.toHaveClass('dark');
    act(() => setMediaQuery(DARK_SCHEME_QUERY, true));
    expect(html()).toHaveClass('dark');
  });

  it('toggles and remembers the choice in localStorage', async () => {
    installMatchMedia({ [DARK_SCHEME_QUERY]: false });
    const user = userEvent.setup();
    renderToggle();
    await user.click(screen.getByRole('button', { name: 'Switch to dark theme' }));
    expect(html()).toHaveClass('dark');
    expect(window.localStorage.getItem(THEME_STORAGE_KEY)).toBe('dark');
    await user.click(screen.getByRole('button', { name: 'Switch to light theme' }));
    expect(html()).not.toHaveClass('dark');
    expect(html().style.colorScheme).toBe('light');
    expect(themeColor()).toBe(THEME_COLORS.light);
    expect(window.localStorage.getItem(THEME_STORAGE_KEY)).toBe('light');
  });

  it('applies a stored choice over the system preference', () => {
    installMatchMedia({ [DARK_SCHEME_QUERY]: true });
    window.localStorage.setItem(THEME_STORAGE_KEY, 'light');
    renderToggle();
    expect(html()).not.toHaveClass('dark');
    expect(screen.getByRole('button', { name: 'Switch to dark theme' })).toBeInTheDocument();
  });

  it("stores 'system' and ignores unknown stored values", () => {
    window.localStorage.setItem(THEME_STORAGE_KEY, 'sepia');
    const { result } = renderHook(() => useTheme(), { wrapper: ThemeProvider });
    expect(result.current.theme).toBe('system');
    act(() => result.current.setTheme('system'));
    expect(window.localStorage.getItem(THEME_STORAGE_KEY)).toBe('system');
  });

  it('refuses to work outside its provider', () => {
    expect(() => renderHook(() => useTheme())).toThrow('useTheme must be used within a ThemeProvider');
  });
});
