// No interface text outside the catalogue: every text the example shows is read from examples/web/src/i18n,
// where each has its Arabic translation. The scanner (./ui-text-scan.ts) parses every .ts/.tsx file of the
// example with the TypeScript compiler and reports, by file:line, JSX text with letters and literals given to
// attributes or UI library calls that show them. Data shown as it is goes inside <code>/<pre>/<kbd>/<samp>,
// an island <bdi dir="ltr"> (or <bdi> without dir), or an element marked `data-verbatim` or `translate="no"`; tickers,
// product names (exkit, iOS, Android) and units are allowed anywhere.
import { readdirSync } from 'node:fs';
import { relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isInterfaceText, scanFiles, scanSource } from './ui-text-scan.js';
import type { Offender } from './ui-text-scan.js';

const ROOT = resolve(import.meta.dirname, '../..');
const SOURCE = resolve(ROOT, 'examples/web/src');
/** The catalogue itself holds the texts. */
const CATALOGUE = resolve(SOURCE, 'i18n');

const exampleFiles = () =>
  readdirSync(SOURCE, { recursive: true, encoding: 'utf8' })
    .filter((f) => /\.tsx?$/.test(f) && !f.endsWith('.d.ts'))
    .map((f) => resolve(SOURCE, f))
    .filter((f) => !f.startsWith(`${CATALOGUE}/`))
    .sort();

const listed = (offenders: readonly Offender[]) => offenders.map((o) => `${o.file}:${o.line} ${o.kind}: ${JSON.stringify(o.text)}`);

describe('the example shows no interface text outside its catalogue', () => {
  it('no .ts/.tsx file of examples/web/src (outside i18n/) writes interface text in place', () => {
    const files = exampleFiles();
    // The scan covers the whole app (components and services), not an empty folder.
    expect(files.length).toBeGreaterThan(40);
    const offenders = scanFiles(files, (f) => relative(ROOT, f));
    // The message lists every offender, one a line: file:line, where the text goes, the text.
    expect(offenders.length, `interface texts outside the catalogue:\n${listed(offenders).join('\n')}\n`).toBe(0);
  });
});

describe('the interface-text scanner', () => {
  const kinds = (source: string) => scanSource(source).map((o) => [o.line, o.kind, o.text]);

  it('reports JSX text with letters, with its line', () => {
    expect(kinds(`export const A = () => (\n  <section>\n    <h2>Toasts</h2>\n    <p>→ 42 %</p>\n  </section>\n);`)).toEqual([
      [3, 'jsx-text', 'Toasts'],
    ]);
  });

  it('reports literals placed as JSX children, through conditionals and templates', () => {
    expect(
      kinds(`export const A = ({ on, n }: { on: boolean; n: number }) => (
  <p>
    {on ? 'On.' : 'Off.'}
    {\`\${n} orders\`}
    {\`\${n}: \${on}\`}
  </p>
);`),
    ).toEqual([
      [3, 'jsx-child', 'On.'],
      [3, 'jsx-child', 'Off.'],
      [4, 'jsx-child', '${n} orders'],
    ]);
  });

  it('reports user-visible attributes on elements and text props of components, not data attributes', () => {
    expect(
      kinds(`export const A = () => (
  <div title="Not available" data-testid="not text" className="card">
    <input placeholder="Filter targets" aria-label={'Filter'} name="filter" />
    <img alt="Logo" src="/x.png" />
    <Boundary leaveLabel={\`Go to \${1}\`} id="boundary" />
  </div>
);`),
    ).toEqual([
      [2, 'attribute title', 'Not available'],
      [3, 'attribute placeholder', 'Filter targets'],
      [3, 'attribute aria-label', 'Filter'],
      [4, 'attribute alt', 'Logo'],
      [5, 'attribute leaveLabel', 'Go to ${1}'],
    ]);
  });

  it('reports texts given to toast, notify and message-box calls, following constants and spreads', () => {
    expect(
      kinds(`const SAMPLES = { success: 'Order placed', error: 'Order rejected' } as const;
const buttons = { confirmText: 'OK', cancelText: 'Cancel' };
export function f(toast: any, box: any, notify: any, type: 'success' | 'error') {
  toast[type](SAMPLES[type]);
  toast.promise(p, { loading: 'Placing order…', success: 'Done', error: 'Failed' });
  notify({ title: 'Order filled', message: 'Bought 0.01 BTC', position: 'bottom-right' });
  box.confirm('Close all?', { title: 'Confirm', ...buttons, size: 'medium' });
}`),
    ).toEqual([
      [1, 'call toast[]', 'Order placed'],
      [1, 'call toast[]', 'Order rejected'],
      [2, 'call box.confirm confirmText', 'OK'],
      [2, 'call box.confirm cancelText', 'Cancel'],
      [5, 'call toast.promise loading', 'Placing order…'],
      [5, 'call toast.promise success', 'Done'],
      [5, 'call toast.promise error', 'Failed'],
      [6, 'call notify title', 'Order filled'],
      [6, 'call notify message', 'Bought 0.01 BTC'],
      [7, 'call box.confirm', 'Close all?'],
      [7, 'call box.confirm title', 'Confirm'],
    ]);
  });

  it('does not report catalogue texts, data inside <code>/<pre>/<bdi>/data-verbatim, tickers, product names or units', () => {
    expect(
      kinds(`import { useText } from './i18n/use-text.js';
export const A = ({ state }: { state: string }) => {
  const t = useText().demo;
  const label = t.label;
  return (
    <section title={t.title} aria-label={label}>
      <h2>{t.heading}</h2>
      <code>POST /v1/spot/order/place</code>
      <pre>{'{"code":"00000"}'}</pre>
      <span data-verbatim="">setOnWebVisibleCallback</span>
      <bdi dir="ltr">{state === 'idle' ? 'idle' : 'loading + disabled'}</bdi>
      <option value="ios">iOS</option>
      <p dir="ltr"><strong>GET</strong> /v1/user/login</p>
      <bdi data-testid="loading-state">{state === 'idle' ? 'idle' : 'removed'}</bdi>
      <bdi dir="rtl">{'Not an island'}</bdi>
      <option translate="no">English (en)</option>
      <b>BTCUSDT</b> <i>exkit</i> <em>{'250 ms'}</em>
      <p>{state}</p>
    </section>
  );
};`),
      // A right-to-left <bdi> is no island of data: its text is interface text.
    ).toEqual([[15, 'jsx-child', 'Not an island']]);
  });

  it('judges words, not placeholders: a ticker beside a word is still text', () => {
    expect(isInterfaceText('BTCUSDT')).toBe(false);
    expect(isInterfaceText('EXK/USDT')).toBe(false);
    expect(isInterfaceText('0.01 BTC / 64,250.50 USDT')).toBe(false);
    expect(isInterfaceText('exkit 20 ms')).toBe(false);
    expect(isInterfaceText('Close BTCUSDT')).toBe(true);
    expect(isInterfaceText('OK')).toBe(true);
    expect(isInterfaceText('… → ·')).toBe(false);
  });
});
