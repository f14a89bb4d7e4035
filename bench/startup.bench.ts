// Start-up cost: a cold `import('exkit')` in a fresh Node process against a cold
// `import('xstate')` in the same run, sampled alternately so that load from other processes falls on both.
// Each sample is a new process, so nothing is cached in V8 or the module map; the OS file cache is warm
// for both alike after the first round.
import { execFile } from 'node:child_process';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import type { Bench, Figure } from './harness.js';
import { median } from './harness.js';

const run = promisify(execFile);
const root = resolve(import.meta.dirname, '..');

// The core's eager dependencies: loaded first, untimed, they leave exkit's own module graph to be timed.
const CORE_DEPENDENCIES = [
  'rxjs',
  'ky',
  'decimal.js',
  'dompurify',
  '@noble/hashes/sha2.js',
  '@noble/hashes/utils.js',
  '@noble/hashes/legacy.js',
  '@noble/ciphers/aes.js',
  '@noble/ciphers/utils.js',
];
const OWN_CODE = 'exkit (own modules only)';
const OWN_PER_MODULE = 'exkit per-module build (own modules only)';
const DEPENDENCIES_ONLY = "the core's eager dependencies";

/** Milliseconds a fresh Node process spends in `import(specifier)`, measured inside that process. */
async function coldImport(specifier: string): Promise<number> {
  const importAll = CORE_DEPENDENCIES.map((d) => `await import(${JSON.stringify(d)});`).join(' ');
  const own = specifier === OWN_CODE || specifier === OWN_PER_MODULE;
  const preload = own ? importAll : '';
  // The per-module build is what bundlers read (the `import` condition); Node takes the joined one (`node`).
  const target = specifier === OWN_CODE ? 'exkit' : specifier === OWN_PER_MODULE ? './dist/core/index.js' : specifier;
  const timed = specifier === DEPENDENCIES_ONLY ? importAll : `await import(${JSON.stringify(target)});`;
  const source = `${preload} const t = performance.now(); ${timed} console.log(performance.now() - t);`;
  const { stdout } = await run(process.execPath, ['--input-type=module', '-e', source], { cwd: root, timeout: 30_000 });
  return Number(stdout.trim());
}

/** Medians of cold imports of each specifier, taken in rounds (one of each per round). */
async function rounds(specifiers: readonly string[], count: number, warmup = 2): Promise<number[]> {
  const samples = specifiers.map(() => [] as number[]);
  for (let round = 0; round < warmup + count; round++) {
    for (const [index, specifier] of specifiers.entries()) {
      const ms = await coldImport(specifier);
      if (round >= warmup) samples[index]!.push(ms);
    }
  }
  return samples.map(median);
}

const bench: Bench = {
  area: 'startup',
  async run() {
    const [exkit, machines, xstate, forge, rxjs, ky, own, ownPerModule, dependencies] = await rounds(
      ['exkit', 'exkit/machines', 'xstate', 'node-forge', 'rxjs', 'ky', OWN_CODE, OWN_PER_MODULE, DEPENDENCIES_ONLY],
      15,
    );
    const baseline = { name: "cold import('xstate')", median: xstate! };
    const figures: Figure[] = [
      {
        name: "cold import('exkit') in a fresh Node process",
        median: exkit!,
        unit: 'ms',
        baseline,
        goal: '≤ 2× cold xstate',
        met: exkit! <= 2 * xstate!,
      },
      { name: "cold import('exkit/machines') in a fresh Node process", median: machines!, unit: 'ms', baseline, goal: 'reference' },
      { name: "cold import('node-forge'), what import('exkit') no longer pays", median: forge!, unit: 'ms', baseline, goal: 'reference' },
      // What import('exkit') still pays for: the core's eager dependencies, together (a floor that exkit's own
      // code cannot lower: the mandated libraries, loaded because the core's synchronous API needs them), then
      // the largest of them alone.
      {
        name: "cold import of the core's eager dependencies alone (rxjs, ky, decimal.js, dompurify, @noble), in one process",
        median: dependencies!,
        unit: 'ms',
        baseline,
        goal: 'reference',
      },
      {
        name: "cold import('rxjs') (Node takes its CommonJS build: every operator)",
        median: rxjs!,
        unit: 'ms',
        baseline,
        goal: 'reference',
      },
      {
        name: "cold import('ky') (its module code builds a Request, which loads Node's fetch implementation)",
        median: ky!,
        unit: 'ms',
        baseline,
        goal: 'reference',
      },
      {
        name: "import('exkit') after its dependencies: its own code, the joined Node build",
        median: own!,
        unit: 'ms',
        baseline,
        goal: 'reference',
      },
      {
        name: 'the same for the per-module build bundlers read (dist/core, ~160 modules)',
        median: ownPerModule!,
        unit: 'ms',
        baseline,
        goal: 'reference',
      },
    ];
    return figures;
  },
};

export default bench;
