// docs/errors.md lists every ExkitError class exkit and exkit/machines export, with the class it extends, and
// nothing else: a new error class fails this test until it is documented.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import * as core from '../../core/index.js';
import * as machines from '../../machines/index.js';

const doc = readFileSync(new URL('../../docs/errors.md', import.meta.url), 'utf8');

/** Rows of the doc's table: class name → the class it extends. */
function documentedClasses(): Map<string, string> {
  const rows = new Map<string, string>();
  for (const match of doc.matchAll(/^\| `(\w+)`(?: \(`exkit\/machines`\))? \| `(\w+)` \|/gm)) rows.set(match[1]!, match[2]!);
  return rows;
}

function exportedErrorClasses(): Map<string, string> {
  const out = new Map<string, string>();
  for (const api of [core, machines] as Record<string, unknown>[]) {
    for (const [name, value] of Object.entries(api)) {
      if (typeof value !== 'function') continue;
      const prototype = (value as { prototype?: unknown }).prototype;
      if (value !== core.ExkitError && !(prototype instanceof core.ExkitError)) continue;
      out.set(name, Object.getPrototypeOf(value).name as string);
    }
  }
  return out;
}

describe('docs/errors.md documents every exported error class', () => {
  it('lists each exported ExkitError class with the class it extends, and no class that is not exported', () => {
    const exported = exportedErrorClasses();
    expect(exported.size).toBeGreaterThan(30);
    expect(Object.fromEntries(documentedClasses())).toEqual(Object.fromEntries(exported));
  });

  it('gives a fixed-code class the code its instances carry', () => {
    expect(new core.InvalidArgumentError('x').code).toBe('INVALID_ARGUMENT');
    expect(doc).toContain('| `InvalidArgumentError` | `ExkitError` | `INVALID_ARGUMENT` |');
    expect(new core.FuturesInputError('price', 'out-of-range').name).toBe('FuturesInputError');
    expect(new core.FuturesInputError('price', 'out-of-range').code).toBe('FUTURES_INVALID_INPUT');
    expect(doc).toContain('| `FuturesInputError` | `ExkitError` | `FUTURES_INVALID_INPUT` |');
  });
});
