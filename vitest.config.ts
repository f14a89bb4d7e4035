import { defineConfig } from 'vitest/config';

// Two projects: node for core and machines, jsdom for react. Browser tests (real Chromium) live in
// test/browser and run through playwright-core from a node test, so they need no extra project.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'node',
          environment: 'node',
          include: ['test/**/*.test.ts'],
          exclude: ['test/react/**'],
          testTimeout: 20_000,
        },
      },
      {
        test: {
          name: 'dom',
          environment: 'jsdom',
          include: ['test/react/**/*.test.{ts,tsx}'],
          testTimeout: 20_000,
        },
      },
    ],
  },
});
