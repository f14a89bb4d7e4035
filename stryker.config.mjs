/* global process */
// StrykerJS over the node-only Vitest configuration. `npm run mutation -- <area>` (scripts/mutation.ts) picks the
// files to mutate; this file holds what every area shares. Equivalent mutants are marked in the source with a
// `// Stryker disable next-line <mutator>: <reason>` comment, so each one carries its reason where it lives and
// docs/test-strength.md lists them.
/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  // related: each mutant runs only the test files that import the mutated file (static mutants included), which
  // is what keeps an area's run within minutes; the whole node suite per static mutant took about a minute each.
  // The React areas take the jsdom configuration (scripts/mutation.ts names it), everything else the node one.
  vitest: { configFile: process.env.EXKIT_MUTATION_VITEST_CONFIG ?? 'vitest.mutation.config.ts', related: true },
  // The first, unmutated run of the whole node suite can take several minutes on a loaded 2-core machine.
  dryRunTimeoutMinutes: 20,
  plugins: ['@stryker-mutator/vitest-runner'],
  coverageAnalysis: 'perTest',
  checkers: [],
  // Two at most on a shared 2-core machine; EXKIT_MUTATION_CONCURRENCY=1 when others need the CPU.
  concurrency: Number(process.env.EXKIT_MUTATION_CONCURRENCY ?? 2),
  // Stryker's default: a mutant whose tests run 5 s past 1.5 times their unmutated time hangs (a timeout counts as
  // killed). Each timeout costs that wait and a fresh runner, so a longer one made call-hanging mutants dear.
  timeoutMS: 5_000,
  // Static mutants (tables and constants evaluated when a module loads) are run too: the entity table in
  // sanitize-href is one, and a mapping removed from it must fail a test.
  ignoreStatic: false,
  reporters: ['clear-text', 'progress', 'json'],
  jsonReporter: { fileName: process.env.EXKIT_MUTATION_REPORT ?? 'reports/mutation/mutation.json' },
  tempDirName: '.stryker-tmp',
  cleanTempDir: 'always',
};
