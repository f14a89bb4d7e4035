import { defineConfig } from 'vitest/config';
import { LoadFailureGuard } from './scripts/mutation.js';

// What StrykerJS runs for the React areas (npm run mutation): the jsdom tests that render the hooks and
// components, with the same load guard and assertion rule as vitest.mutation.config.ts.
export default defineConfig({
  test: {
    environment: 'jsdom',
    // An area may be measured over its own tests only (AREA_TESTS in scripts/mutation.ts passes them here).
    include: process.env.EXKIT_MUTATION_TESTS?.split(',') ?? ['test/react/**/*.test.{ts,tsx}', 'test/dom/**/*.test.ts'],
    testTimeout: 20_000,
    reporters: [new LoadFailureGuard(), 'default'],
    expect: { requireAssertions: true },
  },
});
