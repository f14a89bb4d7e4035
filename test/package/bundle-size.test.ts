// Pay for what you import: single named imports stay small and free of the heavy dependencies.
import { describe, expect, it } from 'vitest';
import { HEAVY_PACKAGES, measureBundle, SINGLE_IMPORT_BUDGETS } from '../../scripts/bundle.js';

describe('single named imports stay within budget', () => {
  it.each(SINGLE_IMPORT_BUDGETS)('$name from $from is under $gzipBytes bytes gzip and pulls no heavy package', async ({ name, from, gzipBytes }) => {
    const m = await measureBundle(`import { ${name} } from '${from}'; globalThis.keep = ${name};`);
    expect(m.gzip).toBeLessThan(gzipBytes);
    expect(m.packages.filter((p) => HEAVY_PACKAGES.includes(p))).toEqual([]);
  });

  it('the measure sees a heavy package when one is imported (the check can fail)', async () => {
    const m = await measureBundle(`import { memoryPlatform } from 'exkit'; globalThis.keep = memoryPlatform;`);
    expect(m.packages).toContain('rxjs');
  });
});
