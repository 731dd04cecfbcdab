// Component tests (`*.test.tsx`, jsdom): jest-dom's matchers on vitest's `expect`, an unmounted
// tree after each test, and the browser APIs jsdom lacks that Mantine reads.
import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

afterEach(cleanup);

// Mantine's colour-scheme manager and media-query hooks ask matchMedia; no query matches here.
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string): MediaQueryList => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  }),
});
