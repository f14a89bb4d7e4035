// @vitest-environment jsdom
// The example's trading, content and bridge texts read in the visitor's language: the components take every
// text from the catalogue, word order follows the language (the margin mode around its leverage), values stay
// left-to-right islands, and the amount field's refusal codes become sentences. The components render with the
// real catalogue and the real positions maths; only the app's services are handed in directly.
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createElement } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SECTIONS } from '../../examples/web/src/i18n/catalogue.js';
import { AmountInputDemo } from '../../examples/web/src/components/amount-input-demo.js';
import { Phrase } from '../../examples/web/src/components/figure.js';
import { PositionsTable } from '../../examples/web/src/components/positions-table.js';
import { SpotPlanPanel } from '../../examples/web/src/components/spot-plan-panel.js';
import { COMMAND_SAMPLES, commandSamples } from '../../examples/web/src/services/command-samples.js';
import { skippedText } from '../../examples/web/src/services/in-app.js';
import { FEED_SYMBOLS, createPositionsBook } from '../../examples/web/src/services/positions.js';
import { valueStore } from '../../examples/web/src/services/store.js';

const visitor = vi.hoisted(() => ({ language: 'en', app: undefined as unknown }));

vi.mock('../../examples/web/src/i18n/use-text.js', async () => {
  const { textsFor } = await import('../../examples/web/src/i18n/catalogue.js');
  return { useText: () => textsFor(visitor.language) };
});
vi.mock('../../examples/web/src/app-context.js', async (original) => ({
  ...(await original<object>()),
  useApp: () => visitor.app,
}));

const quotes = Object.fromEntries(FEED_SYMBOLS.map((s) => [s.symbol, { symbol: s.symbol, price: s.start, tick: 1 }]));

beforeEach(() => {
  visitor.app = { feed: { quotes: valueStore(quotes) }, positions: createPositionsBook() };
});
afterEach(() => {
  cleanup();
  visitor.language = 'en';
});

/** The text of an input event: what a visitor types replaces the field's value. */
function type(input: HTMLElement, text: string) {
  act(() => {
    fireEvent.change(input, { target: { value: text } });
  });
}

describe('positions table', () => {
  it('names the margin mode in the language, with the leverage as a left-to-right island after the word', () => {
    for (const [language, text] of [
      ['en', 'Isolated 20×'],
      ['ar', 'معزول 20×'],
    ] as const) {
      visitor.language = language;
      const { container, unmount } = render(createElement(PositionsTable));
      const cell = container.querySelector('[data-position="btc-long-isolated"] [data-col="margin"]')!;
      expect(cell.textContent).toBe(text);
      const island = cell.querySelector('bdi')!;
      expect({ dir: island.getAttribute('dir'), text: island.textContent }).toEqual({ dir: 'ltr', text: '20×' });
      // The word comes first in the text, so it reads first in either direction.
      expect(island.previousSibling?.textContent?.trim()).toBe(text.split(' ')[0]);
      unmount();
    }
  });

  it('reads its heading, column names, stacked-layout labels and sides in Arabic', () => {
    visitor.language = 'ar';
    const { container } = render(createElement(PositionsTable));
    const ar = SECTIONS.positionsTable.ar;
    expect(screen.getByRole('heading').textContent).toBe(ar.heading);
    expect([...container.querySelectorAll('th')].map((th) => th.textContent)).toEqual(Object.values(ar.columns));
    const short = container.querySelector('[data-position="eth-short-cross"]')!;
    expect(short.querySelector('[data-col="side"]')!.textContent).toBe('بيع');
    expect(short.querySelector('[data-col="margin"]')!.textContent).toBe('متقاطع 10×');
    expect(short.querySelector('[data-col="pnl"]')!.getAttribute('data-label')).toBe(ar.columns.pnl);
  });
});

describe('amount refusals', () => {
  it('the amount demo shows a sentence for the refusal code in the language, and drops it once a value is taken', () => {
    visitor.language = 'ar';
    render(createElement(AmountInputDemo));
    const input = screen.getByTestId('amount');
    type(input, '12');
    type(input, '1e5');
    const refusal = screen.getByTestId('amount-refusal');
    expect(refusal.getAttribute('data-reason')).toBe('exponent');
    expect(refusal.textContent).toBe(SECTIONS.amountInputDemo.ar.refusal.exponent);
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByTestId('amount-value').textContent).toBe('12');
    type(input, '13');
    expect(screen.queryByTestId('amount-refusal')).toBeNull();
    expect(screen.getByTestId('amount-value').textContent).toBe('13');
  });

  it('every refusal code has its own sentence in every language, ending with a full stop', () => {
    const reasons = ['sign', 'exponent', 'ambiguous-separator', 'too-many-digits', 'not-finite'] as const;
    for (const section of [SECTIONS.amountInputDemo, SECTIONS.spotPlanPanel])
      for (const language of ['en', 'ar'] as const) {
        const sentences = reasons.map((reason) => section[language].refusal[reason]);
        expect(new Set(sentences).size).toBe(reasons.length);
        for (const sentence of sentences) expect(sentence).toMatch(/^\S+ .*\.$/);
      }
  });

  it('the spot plan panel says why a size was not taken, and why its figures show --, in Arabic', () => {
    visitor.language = 'ar';
    render(createElement(SpotPlanPanel));
    const issue = screen.getByTestId('plan-issue');
    expect(issue.textContent).toBe('المنفَّذ حتى الآن: 0.15 BTC.');
    type(screen.getByTestId('plan-size'), '-1');
    expect(issue.textContent).toBe(SECTIONS.spotPlanPanel.ar.refusal.sign);
    expect(issue.getAttribute('role')).toBe('alert');
    type(screen.getByTestId('plan-size'), '0.1');
    expect(issue.textContent).toBe('نُفِّذ 0.15 BTC من هذا الأمر بالفعل: لا يمكن أن يكون الحجم أصغر من ذلك.');
    // The filled amount is one left-to-right island, unit after number.
    expect(issue.querySelector('bdi[dir="ltr"]')!.textContent).toBe('0.15 BTC');
  });
});

describe('Phrase', () => {
  it('places each value where the language puts it, keeping values as markup', () => {
    const before = (a: string, b: string) => `${a} then ${b}.`;
    const after = (a: string, b: string) => `${b} قبل ${a}.`;
    const values = [createElement('code', { key: 'a' }, 'x<y'), createElement('bdi', { key: 'b', dir: 'ltr' }, '20×')];
    const en = render(createElement('p', null, createElement(Phrase, { text: before, values })));
    expect(en.container.innerHTML).toBe('<p><code>x&lt;y</code> then <bdi dir="ltr">20×</bdi>.</p>');
    const ar = render(createElement('p', null, createElement(Phrase, { text: after, values })));
    expect(ar.container.innerHTML).toBe('<p><bdi dir="ltr">20×</bdi> قبل <code>x&lt;y</code>.</p>');
  });
});

describe('bridge texts', () => {
  it('a skipped command keeps its reason code and explains it in Arabic, the code isolated left to right', () => {
    const ar = SECTIONS.inApp.ar;
    expect(skippedText({ reason: 'not-in-app', minimumVersion: '1.2.51', appVersion: null }, ar)).toBe(
      'تم التخطي: \u2066not-in-app\u2069 (خارج التطبيق لا يُرسل شيء)',
    );
    expect(skippedText({ reason: 'below-minimum-version', minimumVersion: '2.9.0', appVersion: null }, ar)).toBe(
      'تم التخطي: \u2066below-minimum-version\u2069 (إصدار التطبيق (غير معروف) أقدم من 2.9.0)',
    );
    expect(skippedText({ reason: 'below-minimum-version', minimumVersion: '2.9.0', appVersion: '2.8.0' })).toBe(
      'skipped: below-minimum-version (app 2.8.0 is older than 2.9.0)',
    );
  });

  it('the sample payloads carry their words in the language and everything else unchanged', () => {
    const ar = commandSamples(SECTIONS.commandSamples.ar);
    expect(ar.goShare[0]).toEqual({ ...COMMAND_SAMPLES.goShare[0], text: 'تداول BTC على exkit' });
    expect(ar.metaTitle[0].title).toBe('مثال exkit');
    expect(ar.requestAction).toEqual(COMMAND_SAMPLES.requestAction);
    expect(COMMAND_SAMPLES.setWebLocalStorage[0].value).toBe('stored by the page');
  });
});
