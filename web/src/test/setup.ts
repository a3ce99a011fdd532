import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { loadAllAreas, loadMessages } from '../i18n/load-messages';
import { installMatchMedia } from './match-media';

// findBy*/waitFor give up after 1 s and a test after 5 s by default: too tight for whole-page journeys
// when two cores also run the other test tiers.
configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 20_000 });

beforeEach(() => {
  // Animations off by default so page changes are immediate; tests that care switch it.
  installMatchMedia({ '(prefers-reduced-motion: reduce)': true });
  window.localStorage.clear();
  document.documentElement.className = '';
  document.documentElement.removeAttribute('style');
});

afterEach(() => {
  cleanup();
});

// jsdom lacks these browser APIs that Radix and the router touch.
if (!('ResizeObserver' in window)) {
  class ResizeObserverStub {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
  Object.assign(window, { ResizeObserver: ResizeObserverStub });
}
window.scrollTo = () => {};
Element.prototype.scrollIntoView ??= () => {};
Element.prototype.hasPointerCapture ??= () => false;
Element.prototype.releasePointerCapture ??= () => {};

// Components render in English in tests unless a test switches: the catalog (every area, as if each
// page had been visited) is loaded once up front so the first render is synchronous, as in a browser
// that has the catalog cached.
await loadAllAreas();
await loadMessages('en');
