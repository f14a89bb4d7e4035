import { defineConfig } from 'vitest/config';

// Two projects: node for core and machines, jsdom for react and DOM adapters (test/dom). Browser tests (real Chromium) live in
// test/browser and run through playwright-core from a node test, so they need no extra project.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'node',
          environment: 'node',
          // Browser and end-to-end tests need Chromium: found (or installed, as root) once, before any file runs.
          globalSetup: ['test/support/global-setup.ts'],
          include: ['test/**/*.test.ts'],
          exclude: ['test/react/**', 'test/dom/**'],
          testTimeout: 20_000,
          // A test that makes no assertion fails: it could not have caught anything.
          expect: { requireAssertions: true },
        },
      },
      {
        test: {
          name: 'dom',
          environment: 'jsdom',
          include: ['test/react/**/*.test.{ts,tsx}', 'test/dom/**/*.test.ts'],
          testTimeout: 20_000,
          // A test that makes no assertion fails: it could not have caught anything.
          expect: { requireAssertions: true },
        },
      },
    ],
  },
});
