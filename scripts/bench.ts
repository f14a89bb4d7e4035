// Runs every bench/*.bench.ts and writes docs/benchmarks.md. Run with `npm run bench`.
//   npm run bench -- security ui           only these areas, printed, docs/benchmarks.md left alone
//   npm run bench -- --note="text"         a sentence about the run for the report (e.g. a shared machine)
// Each area runs in a Node process of its own, so no area times its code in a heap another area has filled (jsdom
// documents, browser drivers, thousands of futures cases): the garbage collector's work then differs between
// runs, and with it the small ratios the goals judge.
import { execFile, execFileSync } from 'node:child_process';
import { cpus, loadavg, platform, release, totalmem } from 'node:os';
import { readdir, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Bench, Figure } from '../bench/harness.js';

const root = resolve(import.meta.dirname, '..');
const args = process.argv.slice(2);

/** The line a child process prints its figures on, as JSON. */
const FIGURES_MARK = 'bench-figures:';

/** The area a bench file runs: its name without `.bench.ts`. */
const areaOf = (file: string) => file.replace(/\.bench\.ts$/, '');

/** Loads one bench file. */
async function loadBench(file: string): Promise<Bench> {
  return ((await import(pathToFileURL(join(root, 'bench', file)).href)) as { default: Bench }).default;
}

// A child: run the one area named by --child=<file> and print its figures.
const child = args.find((a) => a.startsWith('--child='))?.slice('--child='.length);
if (child !== undefined) {
  const bench = await loadBench(child);
  if (bench.area !== areaOf(child)) throw new Error(`bench/${child} must be named after its area ('${bench.area}')`);
  const figures = await bench.run();
  console.log(FIGURES_MARK + JSON.stringify(figures));
  process.exit(0);
}

/** Runs one bench file in a fresh Node process (same flags as this one) and returns its figures. */
function runIsolated(file: string): Promise<Figure[]> {
  return new Promise((resolveFigures, reject) => {
    execFile(
      process.execPath,
      [...process.execArgv, import.meta.filename, `--child=${file}`],
      { cwd: root, maxBuffer: 64 * 2 ** 20 },
      (error, stdout, stderr) => {
        // What the child said besides its figures (a skipped engine, a warning) is passed on, not dropped.
        const said = stdout.split('\n').filter((l) => l !== '' && !l.startsWith(FIGURES_MARK));
        if (said.length > 0) console.log(said.join('\n'));
        if (stderr.trim() !== '') console.error(stderr.trimEnd());
        const line = stdout.split('\n').find((l) => l.startsWith(FIGURES_MARK));
        if (error || line === undefined) {
          reject(new Error((stderr.trim().split('\n').at(-1) ?? '') || (error?.message ?? 'no figures printed')));
          return;
        }
        resolveFigures(JSON.parse(line.slice(FIGURES_MARK.length)) as Figure[]);
      },
    );
  });
}
const note = args.find((a) => a.startsWith('--note='))?.slice('--note='.length);
const only = args.filter((a) => !a.startsWith('--'));
const files = (await readdir(join(root, 'bench'))).filter((f) => f.endsWith('.bench.ts')).sort();
const fmt = (n: number) => (Math.abs(n) >= 100 ? n.toFixed(0) : Math.abs(n) >= 1 ? n.toFixed(2) : n.toPrecision(3));
const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' / ');

interface AreaResult {
  area: string;
  file: string;
  seconds: number;
  figures: Figure[];
  error?: string;
}

const verdict = (f: Figure) => (f.met === undefined ? (f.goal ? 'n/a' : '') : f.met ? 'yes' : '**no**');

function row(f: Figure): string {
  const ratio = f.baseline ? `${fmt(f.median / f.baseline.median)}×` : '';
  const baseline = f.baseline ? `${fmt(f.baseline.median)} ${f.unit} (${f.baseline.name})` : '';
  return `| ${f.name} | ${fmt(f.median)} ${f.unit} | ${baseline} | ${ratio} | ${f.goal ?? ''} | ${verdict(f)} |`;
}

const startLoad = load();
const started = performance.now();
const results: AreaResult[] = [];
for (const file of files) {
  const area = areaOf(file);
  if (only.length && !only.includes(area)) continue;
  console.log(`bench: ${area}…`);
  const t0 = performance.now();
  try {
    const figures = await runIsolated(file);
    results.push({ area, file, seconds: (performance.now() - t0) / 1000, figures });
    for (const f of figures) console.log(row(f));
  } catch (error) {
    // One area that cannot run (no Chromium, say) must not hide the others: it is reported as not run.
    const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    results.push({ area, file, seconds: (performance.now() - t0) / 1000, figures: [], error: message });
    console.error(`bench: ${area} failed: ${message}`);
  }
}
const endLoad = load();

const judged = results.flatMap((r) => r.figures.filter((f) => f.met !== undefined).map((f) => ({ area: r.area, f })));
const missed = judged.filter(({ f }) => !f.met);
const failed = results.filter((r) => r.error);

if (!only.length) {
  let commit = 'unknown';
  try {
    commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root, encoding: 'utf8' }).trim();
  } catch {
    // Not a git checkout: the report says so.
  }
  const cpu = cpus();
  const summary = [
    `**Goals: ${judged.length - missed.length} met, ${missed.length} missed** (of ${judged.length} judged figures)` +
      (failed.length ? `; **${failed.length} area(s) did not run**: ${failed.map((r) => r.area).join(', ')}.` : '.'),
    '',
    ...(missed.length
      ? [
          'Missed:',
          '',
          '| area | figure | median | goal |',
          '|---|---|---|---|',
          ...missed.map(({ area, f }) => `| ${area} | ${f.name} | ${fmt(f.median)} ${f.unit} | ${f.goal ?? ''} |`),
          '',
        ]
      : []),
  ];
  const sections = results.map((r) => {
    const head = `## ${r.area}\n\n\`bench/${r.file}\`, ${r.seconds.toFixed(0)} s.\n`;
    if (r.error) return `${head}\n**Did not run**: ${r.error}\n`;
    return `${head}\n| figure | median | baseline (same run) | ratio | goal | met |\n|---|---|---|---|---|---|\n${r.figures.map(row).join('\n')}\n`;
  });
  const report = `# Benchmarks

Generated by \`npm run bench\` (\`scripts/bench.ts\`, every \`bench/*.bench.ts\`); do not edit by hand.

- Machine: ${cpu[0]?.model ?? 'an unknown CPU'} (${cpu.length} cores as the OS reports them), ${(totalmem() / 2 ** 30).toFixed(1)} GiB, ${platform()} ${release()}
- Node ${process.version}; commit ${commit}; ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC; ${((performance.now() - started) / 60_000).toFixed(1)} min
- Load average (1 / 5 / 15 min) at the start: ${startLoad}; at the end: ${endLoad}. A load above the core count
  means other processes shared the CPU, which inflates absolute times; ratios to the same-run baseline travel better.${note ? `\n- ${note}` : ''}

Each figure is a median of repeated samples. The baseline is the same work done the plain way in the
same run, and the ratio is figure ÷ baseline. "met" says whether the figure reaches the goal set for
it (n/a: a reference figure with nothing to reach). Speed goals live here, never in unit tests. The timed
code is the built package (\`dist/\`, built first), as an app runs it, not the TypeScript sources through tsx.
Each area runs in a Node process of its own, so no area is timed in a heap another area has filled.

${summary.join('\n')}
${sections.join('\n')}`;
  await writeFile(join(root, 'docs', 'benchmarks.md'), report);
  console.log(`docs/benchmarks.md: ${judged.length - missed.length} met, ${missed.length} missed, ${failed.length} area(s) not run`);
}
if (failed.length) process.exitCode = 1;
