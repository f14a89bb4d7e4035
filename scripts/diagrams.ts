// Regenerates docs/machines/<name>.md from every machines/<name>.machine.ts; with --check, fails on drift.
import { readdir, readFile, writeFile, mkdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { StateMachine } from 'xstate';
import type { AnyStateMachine } from 'xstate';
import { diagramDocument } from '../machines/diagram/index.js';

const root = resolve(import.meta.dirname, '..');
const machinesDir = join(root, 'machines');
const docsDir = join(root, 'docs', 'machines');
const check = process.argv.includes('--check');

const files = (await readdir(machinesDir)).filter((f) => f.endsWith('.machine.ts')).sort();
await mkdir(docsDir, { recursive: true });
const drift: string[] = [];
for (const file of files) {
  const name = file.replace(/\.machine\.ts$/, '');
  const mod = (await import(pathToFileURL(join(machinesDir, file)).href)) as Record<string, unknown>;
  const machines = Object.values(mod).filter((v): v is AnyStateMachine => v instanceof StateMachine);
  if (machines.length !== 1) throw new Error(`${file} must export exactly one machine, found ${machines.length}`);
  // A machine file may export `diagramInput` when its context needs input to resolve named delays.
  const text = diagramDocument(name, machines[0]!, { input: mod.diagramInput ?? {} });
  const target = join(docsDir, `${name}.md`);
  const current = await readFile(target, 'utf8').catch(() => undefined);
  if (current === text) continue;
  if (check) drift.push(`docs/machines/${name}.md`);
  else await writeFile(target, text);
}
const expected = new Set(files.map((f) => f.replace(/\.machine\.ts$/, '.md')));
const stale = (await readdir(docsDir)).filter((f) => f.endsWith('.md') && !expected.has(f));
if (check) {
  for (const f of stale) drift.push(`docs/machines/${f} (no machine)`);
  if (drift.length) {
    console.error(`Diagrams drifted from the machines; run \`npm run diagrams\` and commit:\n  ${drift.join('\n  ')}`);
    process.exit(1);
  }
  console.log(`diagrams: ${files.length} up to date`);
} else {
  console.log(`diagrams: wrote ${files.length}${stale.length ? `; stale, remove by hand: ${stale.join(', ')}` : ''}`);
}
