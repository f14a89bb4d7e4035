import { defineConfig } from 'vitest/config';
import { LoadFailureGuard } from './scripts/mutation.js';

// The flat, node-only configuration StrykerJS runs (npm run mutation): the core and machine tests, without the
// browser engines, end-to-end journeys, package checks or React, which a mutant of core/ or machines/ cannot
// reach faster than the node tests do and which would make every mutant cost seconds.
export default defineConfig({
  test: {
    environment: 'node',
    // Forks, not threads: some tests switch process.env.TZ, which a worker thread does not pass on to its clock.
    pool: 'forks',
    // An area may be measured over its own tests only (AREA_TESTS in scripts/mutation.ts passes them here).
    include: process.env.EXKIT_MUTATION_TESTS?.split(',') ?? [
      'test/core/**/*.test.ts',
      'test/machines/**/*.test.ts',
      'test/contract/**/*.test.ts',
    ],
    testTimeout: 20_000,
    // A test file that fails to load counts as a failed test, so its mutant is killed rather than survived.
    reporters: [new LoadFailureGuard(), 'default'],
    // As in vitest.config.ts: a test that makes no assertion fails.
    expect: { requireAssertions: true },
  },
});
