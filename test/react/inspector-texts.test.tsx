import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { InvalidArgumentError } from '../../core/errors/index.js';
import type { InspectedActor } from '../../machines/inspector/inspector.js';
import { DiagramViewport, INSPECTOR_TEXTS, MachineInspector } from '../../react/inspector/index.js';
import { resolveInspectorTexts } from '../../react/inspector/inspector-texts.js';
import type { InspectorTexts } from '../../react/inspector/index.js';
import type * as RenderDiagramModule from '../../react/inspector/render-diagram.js';
import { entry, fakeInspector, view } from '../support/inspector-views.js';

// Mermaid cannot lay out in jsdom: the diagram is a fixed SVG with two transition labels, and a source holding
// FAIL is refused, so the viewport's and the error's texts are shown too.
vi.mock('../../react/inspector/render-diagram.js', async (original) => ({
  ...(await original<typeof RenderDiagramModule>()),
  renderDiagram: async (source: string) => {
    if (source.includes('FAIL')) throw new Error('no layout');
    return '<svg viewBox="0 0 200 100"><g class="edgeLabel"><text>GO</text></g><g class="edgeLabel"><text>STOP</text></g></svg>';
  },
}));

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const KEYS = Object.keys(INSPECTOR_TEXTS) as (keyof InspectorTexts)[];

/** A marked stand-in for every text: `ع:key` and, for a function, its values, so each can be found in the page. */
const MARKED = Object.fromEntries(
  KEYS.map((key) => [
    key,
    typeof INSPECTOR_TEXTS[key] === 'function' ? (...values: unknown[]) => `ع:${key}(${values.join('|')})` : `ع:${key}`,
  ]),
) as unknown as InspectorTexts;

/** Actors in every situation a text belongs to, read by an inspector that records nothing itself. */
const VIEWS: InspectedActor[] = [
  view('alpha', {
    value: { left: 'one', right: 'two' },
    activeStates: ['left', 'left.one', 'right', 'right.two'],
    accepted: [
      { type: 'GO', enabled: true },
      { type: 'STOP', enabled: false },
    ],
    log: [
      entry(1, {
        transitions: [{ eventType: 'GO', source: '', targets: [] }],
        changes: [{ path: '', kind: 'changed', before: '1', after: '2' }],
      }),
      entry(2, { transitions: [], changes: [{ path: 'count', kind: 'added', after: '1' }], changesTruncated: true }),
    ],
  }),
  view('beta', { status: 'done', value: 'finished', activeStates: ['finished'], recording: 'subscribe' }),
  view('gamma', { value: 'idle' }),
  view('delta', { value: 'idle' }),
];

/** The diagrams: a drawn one for alpha, one Mermaid refuses for gamma, one that cannot be made for delta. */
const DIAGRAMS = { alpha: 'stateDiagram-v2\n  idle --> busy: GO', gamma: 'FAIL', delta: {} as never };

/** Everything a user or a screen reader is given: the text and the names, role descriptions, titles and placeholders. */
function shownText(root: HTMLElement): string {
  const parts: string[] = [];
  // The text, but not the panel's style sheet.
  const walker = root.ownerDocument.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode())
    if (!node.parentElement?.closest('style')) parts.push(node.nodeValue ?? '');
  for (const el of root.querySelectorAll('*'))
    for (const name of ['aria-label', 'aria-roledescription', 'title', 'placeholder']) {
      const value = el.getAttribute(name);
      if (value !== null) parts.push(value);
    }
  return parts.join('\n');
}

/** Renders the inspector on `actor` with `texts`, waits for its diagram to settle, and returns what it shows. */
async function showActor(actor: string | undefined, texts: Partial<InspectorTexts> | undefined, views = VIEWS): Promise<string> {
  const { container, unmount } = render(
    <MachineInspector actors={{}} inspector={fakeInspector(views)} diagrams={DIAGRAMS} initialActor={actor} texts={texts} />,
  );
  const out: string[] = [shownText(container)];
  if (actor === 'alpha') {
    await waitFor(() => expect(container.querySelector('[data-send-event="GO"]')).not.toBeNull());
    // Bad JSON, then a JSON array, then a send the actor throws on.
    const box = container.querySelector('textarea')!;
    for (const payload of ['{', '[1]', '']) {
      fireEvent.change(box, { target: { value: payload } });
      fireEvent.click(container.querySelector('[data-send="GO"]')!);
      out.push(shownText(container));
    }
  } else if (actor === 'gamma') {
    await waitFor(() => expect(container.textContent).toMatch(/no layout/));
  }
  out.push(shownText(container));
  unmount();
  return out.join('\n');
}

async function everything(texts: Partial<InspectorTexts> | undefined): Promise<string> {
  const shown: string[] = [];
  for (const actor of ['alpha', 'beta', 'gamma', 'delta']) shown.push(await showActor(actor, texts));
  shown.push(await showActor(undefined, texts, []));
  // The text shown while the diagram is drawn.
  const drawing = render(<MachineInspector actors={{}} inspector={fakeInspector(VIEWS)} diagrams={DIAGRAMS} texts={texts} />);
  shown.push(shownText(drawing.container));
  await act(async () => undefined);
  drawing.unmount();
  return shown.join('\n');
}

/**
 * The fixed words of a default text (a string as it is, a function's text around its values), but not bare
 * joiners like "in", which values such as a JSON parser's message hold too.
 */
function englishWords(key: keyof InspectorTexts): string[] {
  const text = INSPECTOR_TEXTS[key];
  const filled = typeof text === 'function' ? (text as (...values: unknown[]) => string)('\u0000', '\u0000') : text;
  return filled
    .split('\u0000')
    .map((part) => part.trim())
    .filter((part) => /[a-z]{3}/i.test(part));
}

describe('MachineInspector texts', () => {
  it('shows every text the app gives, with its values, and none of the English defaults', async () => {
    const shown = await everything(MARKED);
    const missing = KEYS.filter((key) => !shown.includes(`ع:${key}`));
    expect(missing).toEqual([]);
    // Values reach the functions: counts, names, statuses, event types and messages.
    expect(shown).toContain('ع:eventsReceived(2)');
    expect(shown).toContain('ع:sendEvent(GO)');
    expect(shown).toContain('ع:sendGuardedEvent(STOP)');
    expect(shown).toContain('ع:statusIn(done)');
    expect(shown).toContain('ع:actorThrew(GO|refused)');
    expect(shown).toContain('ع:renderFailed(no layout)');
    expect(shown).toContain('ع:frameLabel(ع:diagramLabel(alpha))');
    const english = KEYS.flatMap((key) =>
      englishWords(key)
        .map((words) => new RegExp(`(?:^|[^\\w:])${words.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?:$|\\W)`).exec(shown))
        .filter((found) => found !== null)
        .map((found) => `${key}: …${shown.slice(Math.max(0, found.index - 40), found.index + 40)}…`),
    );
    expect(english).toEqual([]);
  });

  it('shows the English defaults without texts, each of them', async () => {
    const shown = await everything(undefined);
    const missing = KEYS.flatMap((key) =>
      englishWords(key)
        .filter((words) => !shown.includes(words))
        .map((words) => `${key}: ${words}`),
    );
    expect(missing).toEqual([]);
  });

  it('keeps the English default of every text the app leaves out', async () => {
    const shown = await showActor('alpha', { clear: 'مسح' });
    expect(screen.queryByText('Clear')).toBeNull();
    expect(shown).toContain('مسح');
    expect(shown).toContain('Events received (2)');
    expect(shown).toContain('Send an event');
  });

  it('refuses a text of the wrong type with an InvalidArgumentError naming it', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const inspector = fakeInspector(VIEWS);
    for (const [texts, field, expected] of [
      [{ clear: 3 }, 'texts.clear', 'a string, got 3'],
      [{ eventsReceived: 'Events' }, 'texts.eventsReceived', 'a function returning a string, got "Events"'],
      ['Clear', 'texts', 'an object, got "Clear"'],
    ] as const) {
      let caught: unknown;
      try {
        render(<MachineInspector actors={{}} inspector={inspector} texts={texts as never} />);
      } catch (error) {
        caught = error;
      }
      expect(caught).toBeInstanceOf(InvalidArgumentError);
      expect((caught as InvalidArgumentError).extra).toMatchObject({ field });
      expect((caught as Error).message).toBe(`MachineInspector: ${field} must be ${expected}`);
      cleanup();
    }
  });

  it('shows the English text, and reports once, when a text function throws or answers no string', async () => {
    const reported = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const shown = await showActor('alpha', {
      eventsReceived: () => {
        throw new Error('bad translation');
      },
      sendEvent: (() => 42) as never,
      noEvents: 'لا أحداث بعد.',
    });
    expect(shown).toContain('Events received (2)');
    expect(shown).toContain('Send GO');
    expect(shown).not.toContain('42');
    const messages = reported.mock.calls.map((call) => String(call[0]));
    expect(messages.filter((m) => m.includes('texts.eventsReceived threw'))).toHaveLength(1);
    expect(messages.filter((m) => m.includes('texts.sendEvent answered 42, not a string'))).toHaveLength(1);
  });
});

const ROOT = resolve(import.meta.dirname, '../..');

/** The parameter names of each text function, as `InspectorTexts` declares them (`eventsReceived` → `count`). */
function declaredParameters(): Map<string, string[]> {
  const source = readFileSync(resolve(ROOT, 'react/inspector/inspector-texts.ts'), 'utf8');
  return new Map(
    [...source.matchAll(/^ {2}(\w+): \(([^)]*)\) => string;$/gm)].map((m) => [m[1]!, m[2]!.split(',').map((p) => p.split(':')[0]!.trim())]),
  );
}

/** The rows of the English table in docs/inspector.md: `key` or `key(params)` → the text between its quotes. */
function documentedTexts(): Map<string, string> {
  const doc = readFileSync(resolve(ROOT, 'docs/inspector.md'), 'utf8');
  const table = doc.slice(doc.indexOf('#### The English texts'));
  return new Map([...table.matchAll(/^\| `([^`]+)` \| “(.*)” \|$/gm)].map((m) => [m[1]!, m[2]!]));
}

describe('The English texts', () => {
  it('are the ones docs/inspector.md lists, key by key, each function with its values where the table puts them', () => {
    const parameters = declaredParameters();
    const actual = new Map(
      KEYS.map((key) => {
        const text = INSPECTOR_TEXTS[key];
        if (typeof text === 'string') return [key, text];
        const names = parameters.get(key) ?? [];
        return [`${key}(${names.join(', ')})`, (text as (...values: string[]) => string)(...names.map((n) => `{${n}}`))];
      }),
    );
    expect(Object.fromEntries(documentedTexts())).toEqual(Object.fromEntries(actual));
    // Every function text has its parameters declared, and places each one.
    const functions = KEYS.filter((key) => typeof INSPECTOR_TEXTS[key] === 'function');
    expect(functions.filter((key) => !parameters.get(key)?.length)).toEqual([]);
    for (const key of functions)
      for (const name of parameters.get(key)!) expect(actual.get(`${key}(${parameters.get(key)!.join(', ')})`)).toContain(`{${name}}`);
  });

  it('are what resolveInspectorTexts answers without texts, and for a texts object naming none', () => {
    expect(resolveInspectorTexts(undefined)).toBe(INSPECTOR_TEXTS);
    const resolved = resolveInspectorTexts({});
    expect(Object.keys(resolved)).toEqual(KEYS);
    for (const key of KEYS) expect(resolved[key]).toBe(INSPECTOR_TEXTS[key]);
  });

  it('stay in place for a key given as undefined, and an unknown key adds nothing', () => {
    const resolved = resolveInspectorTexts({ clear: undefined, noEvents: 'لا أحداث', bogus: 'x' } as Partial<InspectorTexts>);
    expect(resolved.clear).toBe('Clear');
    expect(resolved.noEvents).toBe('لا أحداث');
    expect(Object.hasOwn(resolved, 'bogus')).toBe(false);
    expect(Object.keys(resolved)).toEqual(KEYS);
  });

  it('stand in for a text function that throws, reporting it once as texts.<key> threw with its cause', () => {
    const reported = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const cause = new Error('bad translation');
    const resolved = resolveInspectorTexts({
      clear: 'مسح',
      eventsReceived: () => {
        throw cause;
      },
    });
    expect(resolved.eventsReceived(3)).toBe('Events received (3)');
    expect(resolved.eventsReceived(4)).toBe('Events received (4)');
    expect(reported.mock.calls).toEqual([['[exkit] texts.eventsReceived threw', cause]]);
  });
});

describe('DiagramViewport texts', () => {
  it('keeps its props: without texts it shows the English toolbar and names', () => {
    const { container } = render(<DiagramViewport svg="<svg></svg>" label="Plan" active={[]} />);
    expect(screen.getByRole('toolbar').getAttribute('aria-label')).toBe('Zoom Plan');
    expect(screen.getByRole('button', { name: 'Zoom in' }).getAttribute('title')).toBe('Zoom in (+)');
    expect(container.querySelector('[aria-roledescription="diagram"]')!.getAttribute('aria-label')).toBe(
      INSPECTOR_TEXTS.frameLabel('Plan'),
    );
  });

  it('names transition labels with the current texts, also when they change', async () => {
    const svg = '<svg><g class="edgeLabel"><text>GO</text></g></svg>';
    const { container, rerender } = render(
      <DiagramViewport svg={svg} label="Plan" active={[]} texts={{ sendEvent: (type) => `أرسل ${type}` }} />,
    );
    expect(container.querySelector('[data-send-event="GO"]')!.getAttribute('aria-label')).toBe('أرسل GO');
    rerender(<DiagramViewport svg={svg} label="Plan" active={[]} texts={{ sendEvent: (type) => `إرسال ${type}` }} />);
    await waitFor(() => expect(container.querySelector('[data-send-event="GO"]')!.getAttribute('aria-label')).toBe('إرسال GO'));
  });
});
