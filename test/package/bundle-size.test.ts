// Pay for what you import: single named imports stay small and free of the heavy dependencies.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  HEAVY_PACKAGES,
  measureBundle,
  SINGLE_IMPORT_BUDGETS,
  sourceFigures,
  TOAST_HOOK_ENTRY,
  TOAST_HOOK_GZIP_KB,
  TOASTER_ENTRY,
} from '../../scripts/bundle.js';

describe('single named imports stay within budget', () => {
  it.each(SINGLE_IMPORT_BUDGETS)(
    '$name from $from is under $gzipBytes bytes gzip and pulls no heavy package',
    async ({ name, from, gzipBytes }) => {
      const m = await measureBundle(`import { ${name} } from '${from}'; globalThis.keep = ${name};`);
      expect(m.gzip).toBeLessThan(gzipBytes);
      expect(m.packages.filter((p) => HEAVY_PACKAGES.includes(p))).toEqual([]);
    },
  );

  it('the measure sees a heavy package when one is imported (the check can fail)', async () => {
    const m = await measureBundle(`import { memoryPlatform } from 'exkit'; globalThis.keep = memoryPlatform;`);
    expect(m.packages).toContain('rxjs');
  });
});

/** The entry-point rows of docs/bundle-size.md: gzip KB and packages as recorded. */
function recordedEntries(): Map<string, { gzipKb: number; packages: string }> {
  const text = readFileSync(resolve(import.meta.dirname, '../../docs/bundle-size.md'), 'utf8');
  const rows = new Map<string, { gzipKb: number; packages: string }>();
  for (const match of text.matchAll(/^\| `import \* from '([^']+)'` \| [\d.]+ KB \| ([\d.]+) KB \| ([^|]*) \| [^|]* \|$/gm)) {
    rows.set(match[1]!, { gzipKb: Number(match[2]), packages: match[3]!.trim() });
  }
  return rows;
}

describe('node-forge is only loaded on demand (issue 22)', () => {
  it('an app bundle that uses the security service carries no node-forge in its first load, only in a chunk behind a dynamic import', async () => {
    const m = await measureBundle(
      `import { browserPlatform, createSecurity, createHttpClient } from 'exkit'; globalThis.keep = [browserPlatform, createSecurity, createHttpClient];`,
    );
    expect(m.packages).toEqual(expect.arrayContaining(['@noble/ciphers', 'ky']));
    expect(m.packages).not.toContain('node-forge');
    // The fallback is still there for hosts without WebCrypto (and the measure can see forge).
    expect(m.lazy.packages).toContain('node-forge');
  });

  it('a statically imported package counts in the first load (the measure can fail)', async () => {
    const m = await measureBundle(`import forge from 'node-forge'; globalThis.keep = forge;`);
    expect(m.packages).toContain('node-forge');
    expect(m.lazy.packages).toEqual([]);
  });
});

describe('toast-only apps carry no dialog effects', () => {
  // The layer effects are built at module load (fromCallback); unannotated, a bundler keeps every one of them.
  it('an app importing only useToast carries no focus trap or scroll lock, only the layer stack its region needs', async () => {
    const m = await measureBundle(`import { useToast } from 'exkit/react'; globalThis.keep = useToast;`);
    expect(m.modules).toEqual(expect.arrayContaining(['machines/toaster.machine', 'core/ui/layer-stack']));
    expect(m.modules).not.toContain('core/ui/focus-trap');
    expect(m.modules).not.toContain('core/ui/scroll-lock');
  });

  it('an app with a dialog carries both (the check can fail)', async () => {
    const m = await measureBundle(`import { useDialog } from 'exkit/react'; globalThis.keep = useDialog;`);
    expect(m.modules).toEqual(expect.arrayContaining(['core/ui/focus-trap', 'core/ui/scroll-lock']));
  });
});

describe('the toast hook stays within its budget', () => {
  it(`an app importing only useToast is at most ${TOAST_HOOK_GZIP_KB} KB gzip with xstate inside, exkit's own part less`, async () => {
    const hook = await sourceFigures(TOAST_HOOK_ENTRY);
    expect(hook.gzipKb).toBeLessThanOrEqual(TOAST_HOOK_GZIP_KB);
    expect(hook.packages).toContain('xstate');
    expect(hook.ownGzipKb).toBeGreaterThan(3);
    expect(hook.ownGzipKb).toBeLessThan(hook.gzipKb - 5);
  });

  it('the measure counts what the entry imports: the toast region brings @xstate/react (the check can fail)', async () => {
    const hook = await sourceFigures(TOAST_HOOK_ENTRY);
    const withRegion = await sourceFigures(TOASTER_ENTRY);
    expect(hook.gzipKb).toBeGreaterThan(10);
    expect(withRegion.gzipKb).toBeGreaterThan(hook.gzipKb + 1);
    expect(withRegion.ownGzipKb).toBeGreaterThan(hook.ownGzipKb);
    expect(withRegion.packages).toEqual(expect.arrayContaining(['@xstate/react', 'xstate']));
  });
});

describe('exkit/inspector loads Mermaid only on demand', () => {
  it('an app importing MachineInspector carries no mermaid or ELK in its first load, only in chunks behind dynamic imports', async () => {
    const m = await measureBundle(`import { MachineInspector } from 'exkit/inspector'; globalThis.keep = MachineInspector;`);
    expect(m.packages.filter((p) => p.includes('mermaid') || p === 'elkjs')).toEqual([]);
    expect(m.lazy.packages).toEqual(expect.arrayContaining(['mermaid', '@mermaid-js/layout-elk', 'elkjs']));
  }, 120_000);
});

describe('docs/bundle-size.md records this build (regenerate with `npm run bundle-size`)', () => {
  const recorded = recordedEntries();
  it('has a row for each entry point', () => {
    expect([...recorded.keys()]).toEqual(['exkit', 'exkit/machines', 'exkit/react', 'exkit/inspector']);
  });

  it.each(['exkit', 'exkit/machines', 'exkit/react', 'exkit/inspector'])(
    '%s: the recorded gzip total is within five per cent of the measured one, with the same packages',
    async (entry) => {
      const m = await measureBundle(`import * as all from '${entry}'; globalThis.keep = all;`);
      const row = recorded.get(entry)!;
      const measuredKb = m.gzip / 1024;
      expect(Math.abs(measuredKb - row.gzipKb) / row.gzipKb).toBeLessThanOrEqual(0.05);
      expect(row.packages).toBe(m.packages.join(', '));
    },
    120_000,
  );
});
