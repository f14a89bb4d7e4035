// Every committed diagram must render: Mermaid's own parser reads each one (it needs a DOM, hence jsdom).
import { readFileSync, readdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const dir = resolve(import.meta.dirname, '../../docs/machines');
const diagrams = readdirSync(dir)
  .filter((file) => file.endsWith('.md'))
  .map((file) => [file, /```mermaid\n([\s\S]*?)```/.exec(readFileSync(resolve(dir, file), 'utf8'))?.[1] ?? ''] as const);

describe('docs/machines diagrams parse with Mermaid', () => {
  it('there is one per machine file', () => {
    const machines = readdirSync(resolve(import.meta.dirname, '../../machines')).filter((f) => f.endsWith('.machine.ts'));
    expect(diagrams.map(([file]) => file).sort()).toEqual(machines.map((f) => f.replace('.machine.ts', '.md')).sort());
  });

  it.each(diagrams)('%s parses as a stateDiagram-v2', async (_file, body) => {
    const { default: mermaid } = await import('mermaid');
    expect(body).toMatch(/^stateDiagram-v2\n/);
    await expect(mermaid.parse(body)).resolves.toBeTruthy();
  });

  it('a top-level region separator, the old defect, is refused (the check can fail)', async () => {
    const { default: mermaid } = await import('mermaid');
    await expect(mermaid.parse('stateDiagram-v2\n  state a {\n    x\n  }\n  --\n  state b {\n    y\n  }\n')).rejects.toThrow();
  });
});
