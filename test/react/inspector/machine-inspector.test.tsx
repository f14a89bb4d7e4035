import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { assign, createActor, createMachine, setup } from 'xstate';
import { InvalidArgumentError } from '../../../core/errors/index.js';
import { UserCallbackError } from '../../../core/errors/guard-callback.js';
import { toMermaid } from '../../../machines/diagram/to-mermaid.js';
import { createInspector } from '../../../machines/inspector/inspector.js';
import type { Inspector } from '../../../machines/inspector/inspector.js';
import { INSPECTOR_TEXTS, MachineInspector } from '../../../react/inspector/index.js';
import { themeVariables } from '../../../react/inspector/inspector-styles.js';
import type * as RenderDiagramModule from '../../../react/inspector/render-diagram.js';
import { entry, fakeInspector, view } from '../../support/inspector-views.js';

const calls: Array<{ source: string; theme: string }> = [];
vi.mock('../../../react/inspector/render-diagram.js', async (original) => ({
  ...(await original<typeof RenderDiagramModule>()),
  renderDiagram: async (source: string, theme: string) => {
    calls.push({ source, theme });
    if (source.includes('REFUSE')) throw new Error('no layout');
    if (source.includes('STRINGLY')) throw 'plain refusal';
    if (source.includes('SLOW')) await new Promise((resolve) => setTimeout(resolve, 60));
    // State nodes under Mermaid's ids for the parallel machine's states, and one a wrong id scheme would match.
    if (source.includes('NODES'))
      return '<svg viewBox="0 0 200 100"><g class="node" data-id="left_one"></g><g class="node" data-id="right_two"></g><g class="node" data-id="leftone"></g><g class="edgeLabel"><text>GO</text></g></svg>';
    return '<svg viewBox="0 0 200 100"><g class="edgeLabel"><text>GO</text></g></svg>';
  },
}));

afterEach(() => {
  cleanup();
  calls.length = 0;
  vi.restoreAllMocks();
});

/** A counter: GO from idle to busy adds `by` (default 1) to count; STOP back to idle, guarded when count > 5. */
const counter = setup({
  types: { context: {} as { count: number }, events: {} as { type: 'GO'; by?: number } | { type: 'STOP' } | { type: 'BOOM' } },
  guards: { small: ({ context }) => context.count <= 5 },
}).createMachine({
  id: 'counter',
  context: { count: 0 },
  initial: 'idle',
  states: {
    idle: { on: { GO: { target: 'busy', actions: assign({ count: ({ context, event }) => context.count + (event.by ?? 1) }) } } },
    busy: {
      on: {
        STOP: { target: 'idle', guard: 'small' },
        BOOM: {
          actions: () => {
            throw new Error('kaput');
          },
        },
      },
    },
  },
});

const parallel = createMachine({
  id: 'par',
  type: 'parallel',
  states: { left: { initial: 'one', states: { one: {} } }, right: { initial: 'two', states: { two: {} } } },
});

const finished = createMachine({ id: 'fin', initial: 'end', states: { end: { type: 'final' } } });

function started<T extends Parameters<typeof createActor>[0]>(machine: T) {
  return createActor(machine).start();
}

const panel = () => document.querySelector('section[data-actor]') as HTMLElement;

describe('MachineInspector actors', () => {
  it('lists every actor given, leaves undefined entries out, and shows the first one', () => {
    const a = started(counter);
    const b = started(parallel);
    render(<MachineInspector actors={{ first: a, missing: undefined, second: b }} diagrams={{}} />);
    const list = screen.getByRole('list', { name: INSPECTOR_TEXTS.runningActors });
    const names = [...list.querySelectorAll('[data-actor-button]')].map((el) => el.getAttribute('data-actor-button'));
    expect(names).toEqual(['first', 'second']);
    expect(panel().getAttribute('data-actor')).toBe('first');
    expect(panel().getAttribute('aria-label')).toBe(INSPECTOR_TEXTS.panelLabel('first'));
    expect(list.querySelector('[data-actor-button="first"]')!.getAttribute('aria-current')).toBe('true');
    expect(list.querySelector('[data-actor-button="second"]')!.getAttribute('aria-current')).toBe('false');
    const options = [...document.querySelectorAll('option')].map((o) => [o.value, o.textContent]);
    expect(options).toEqual([
      ['first', 'first: idle'],
      ['second', 'second: left.one, right.two'],
    ]);
    expect(screen.getByLabelText(INSPECTOR_TEXTS.actor)).toBeInstanceOf(HTMLSelectElement);
  });

  it('shows initialActor first, and the actor picked by button or select', () => {
    const a = started(counter);
    const b = started(parallel);
    const c = started(finished);
    render(<MachineInspector actors={{ a, b, c }} initialActor="b" diagrams={{}} />);
    expect(panel().getAttribute('data-actor')).toBe('b');
    expect((document.querySelector('select') as HTMLSelectElement).value).toBe('b');
    fireEvent.click(document.querySelector('[data-actor-button="c"]')!);
    expect(panel().getAttribute('data-actor')).toBe('c');
    fireEvent.change(document.querySelector('select')!, { target: { value: 'a' } });
    expect(panel().getAttribute('data-actor')).toBe('a');
  });

  it('falls back to the first actor when initialActor names none', () => {
    render(<MachineInspector actors={{ a: started(counter) }} initialActor="nobody" diagrams={{}} />);
    expect(panel().getAttribute('data-actor')).toBe('a');
  });

  it('shows noActors and an empty select without actors', () => {
    render(<MachineInspector actors={{}} />);
    expect(screen.getByText(INSPECTOR_TEXTS.noActors)).toBeTruthy();
    expect(document.querySelector('section[data-actor]')).toBeNull();
    expect((document.querySelector('select') as HTMLSelectElement).value).toBe('');
  });

  it('lists an entry that is not an actor with its problem instead of breaking', () => {
    render(<MachineInspector actors={{ bad: {} as never, good: started(counter) }} diagrams={{}} />);
    const item = [...document.querySelectorAll('li.exkit-inspector-error')];
    expect(item).toHaveLength(1);
    expect(item[0]!.textContent).toMatch(/^bad: .*actor ref/);
    expect(panel().getAttribute('data-actor')).toBe('good');
  });
});

describe('MachineInspector state text', () => {
  it('shows nowIn and the innermost states of a parallel machine, separated', () => {
    render(<MachineInspector actors={{ p: started(parallel) }} diagrams={{}} />);
    const state = panel().querySelector('.exkit-inspector-state')!;
    expect(state.textContent).toBe(`${INSPECTOR_TEXTS.nowIn}left.one${INSPECTOR_TEXTS.stateSeparator}right.two`);
    expect([...state.querySelectorAll('code')].map((c) => c.textContent)).toEqual(['left.one', 'right.two']);
    expect(panel().getAttribute('data-state')).toBe('left.one right.two');
    expect(panel().getAttribute('data-status')).toBe('active');
  });

  it('shows the status of a finished actor in the list, the panel and the events column', () => {
    render(<MachineInspector actors={{ f: started(finished) }} diagrams={{}} />);
    const button = document.querySelector('[data-actor-button="f"]')!;
    expect(button.querySelector('small')!.textContent).toBe(`${INSPECTOR_TEXTS.statusPrefix('done')}end`);
    expect(panel().querySelector('.exkit-inspector-state')!.textContent).toBe(`${INSPECTOR_TEXTS.statusIn('done')}end`);
    expect(screen.getByText(INSPECTOR_TEXTS.statusAcceptsNone('done'))).toBeTruthy();
    expect(panel().getAttribute('data-status')).toBe('done');
  });

  it('shows an active actor without a status prefix in the list', () => {
    render(<MachineInspector actors={{ a: started(counter) }} diagrams={{}} />);
    expect(document.querySelector('[data-actor-button="a"] small')!.textContent).toBe('idle');
  });
});

describe('MachineInspector events and log', () => {
  it('sends an event from its button, logs it with its transition and context change', async () => {
    const a = started(counter);
    render(<MachineInspector actors={{ a }} diagrams={{}} />);
    expect(screen.getByText(INSPECTOR_TEXTS.noEvents)).toBeTruthy();
    expect(screen.getByRole('button', { name: INSPECTOR_TEXTS.clear }).hasAttribute('disabled')).toBe(true);
    const events = screen.getByRole('list', { name: INSPECTOR_TEXTS.acceptedEvents });
    const go = events.querySelector('[data-send="GO"]')!;
    expect(go.getAttribute('title')).toBe(INSPECTOR_TEXTS.sendEvent('GO'));
    expect(go.getAttribute('data-enabled')).toBe('true');
    act(() => fireEvent.click(go));
    expect(a.getSnapshot().value).toBe('busy');
    expect(a.getSnapshot().context.count).toBe(1);
    expect(screen.getByText(INSPECTOR_TEXTS.eventsReceived(1), { exact: false })).toBeTruthy();
    const log = screen.getByRole('list', { name: INSPECTOR_TEXTS.logLabel('a') });
    const item = log.querySelector('li[data-event="GO"]')!;
    expect(item.querySelector('strong')!.textContent).toBe('#1 GO');
    expect(item.textContent).toContain('idle → busy');
    const steps = within(item as HTMLElement).getByRole('list', { name: INSPECTOR_TEXTS.transitions });
    expect(steps.textContent).toContain('→ busy');
    const changes = within(item as HTMLElement).getByRole('list', { name: INSPECTOR_TEXTS.contextChanges });
    const change = changes.querySelector('[data-path="count"]')!;
    expect(change.className).toBe('exkit-inspector-change-changed');
    expect(change.textContent).toBe('~ count: 0 → 1');
  });

  it('sends the JSON fields typed in the box with the event', () => {
    const a = started(counter);
    render(<MachineInspector actors={{ a }} diagrams={{}} />);
    fireEvent.change(screen.getByLabelText(INSPECTOR_TEXTS.extraFields), { target: { value: '{"by": 4}' } });
    act(() => fireEvent.click(document.querySelector('[data-send="GO"]')!));
    expect(a.getSnapshot().context.count).toBe(4);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(document.querySelector('li[data-event="GO"] .exkit-inspector-muted')!.textContent).toContain('by: 4');
  });

  it('sends blank fields as no fields', () => {
    const a = started(counter);
    render(<MachineInspector actors={{ a }} diagrams={{}} />);
    fireEvent.change(screen.getByLabelText(INSPECTOR_TEXTS.extraFields), { target: { value: '   ' } });
    act(() => fireEvent.click(document.querySelector('[data-send="GO"]')!));
    expect(a.getSnapshot().context.count).toBe(1);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('refuses invalid JSON and non-objects with the exact text, and sends nothing', () => {
    const a = started(counter);
    render(<MachineInspector actors={{ a }} diagrams={{}} />);
    const box = screen.getByLabelText(INSPECTOR_TEXTS.extraFields);
    const go = document.querySelector('[data-send="GO"]')!;
    fireEvent.change(box, { target: { value: '{' } });
    fireEvent.click(go);
    let message = '';
    try {
      JSON.parse('{');
    } catch (error) {
      message = (error as Error).message;
    }
    expect(screen.getByRole('alert').textContent).toBe(INSPECTOR_TEXTS.notJson(message));
    for (const value of ['[1]', 'null', '3', '"x"']) {
      fireEvent.change(box, { target: { value } });
      fireEvent.click(go);
      expect(screen.getByRole('alert').textContent).toBe(INSPECTOR_TEXTS.notAnObject);
    }
    expect(a.getSnapshot().value).toBe('idle');
    fireEvent.change(box, { target: { value: '{}' } });
    act(() => fireEvent.click(go));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(a.getSnapshot().value).toBe('busy');
  });

  it('shows a guarded event dashed with its note, and what the actor threw', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const a = started(counter);
    a.send({ type: 'GO', by: 9 });
    render(<MachineInspector actors={{ a }} diagrams={{}} />);
    const stop = document.querySelector('[data-send="STOP"]')!;
    expect(stop.getAttribute('data-enabled')).toBe('false');
    expect(stop.getAttribute('title')).toBe(INSPECTOR_TEXTS.sendGuardedEvent('STOP'));
    expect(screen.getByText(INSPECTOR_TEXTS.guardNote)).toBeTruthy();
  });

  it('shows what the actor threw on an event sent from the panel, and clears it on the next good send', () => {
    const a = started(counter);
    const real = createInspector();
    let refuse: unknown = new Error('kaput');
    const inspector: Inspector = {
      ...real,
      send: (name, event) => (refuse === undefined ? real.send(name, event) : { ok: false, error: new UserCallbackError('send', refuse) }),
    };
    render(<MachineInspector actors={{ a }} inspector={inspector} diagrams={{}} />);
    act(() => fireEvent.click(document.querySelector('[data-send="GO"]')!));
    expect(screen.getByRole('alert').textContent).toBe(INSPECTOR_TEXTS.actorThrew('GO', 'kaput'));
    refuse = 'a string';
    act(() => fireEvent.click(document.querySelector('[data-send="GO"]')!));
    expect(screen.getByRole('alert').textContent).toBe(INSPECTOR_TEXTS.actorThrew('GO', 'a string'));
    refuse = undefined;
    act(() => fireEvent.click(document.querySelector('[data-send="GO"]')!));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(a.getSnapshot().value).toBe('busy');
  });

  it('has no guard note when every event is enabled', () => {
    render(<MachineInspector actors={{ a: started(counter) }} diagrams={{}} />);
    expect(screen.queryByText(INSPECTOR_TEXTS.guardNote)).toBeNull();
  });

  it('shows acceptsNone for an active state accepting nothing', () => {
    const still = createActor(createMachine({ id: 'still', initial: 'x', states: { x: {} } })).start();
    render(<MachineInspector actors={{ s: still }} diagrams={{}} />);
    expect(screen.getByText(INSPECTOR_TEXTS.acceptsNone)).toBeTruthy();
    expect(screen.queryByRole('list', { name: INSPECTOR_TEXTS.acceptedEvents })).toBeNull();
  });

  it('lists the newest entry first and clears the log', () => {
    const a = started(counter);
    render(<MachineInspector actors={{ a }} diagrams={{}} />);
    act(() => {
      a.send({ type: 'GO' });
      a.send({ type: 'STOP' });
    });
    const log = screen.getByRole('list', { name: INSPECTOR_TEXTS.logLabel('a') });
    expect([...log.children].map((li) => li.getAttribute('data-event'))).toEqual(['STOP', 'GO']);
    act(() => fireEvent.click(screen.getByRole('button', { name: INSPECTOR_TEXTS.clear })));
    expect(screen.getByText(INSPECTOR_TEXTS.noEvents)).toBeTruthy();
    expect(screen.getByText(INSPECTOR_TEXTS.eventsReceived(0), { exact: false })).toBeTruthy();
  });

  it('keeps logLimit entries', () => {
    const a = started(counter);
    render(<MachineInspector actors={{ a }} diagrams={{}} logLimit={1} />);
    act(() => {
      a.send({ type: 'GO' });
      a.send({ type: 'STOP' });
    });
    const log = screen.getByRole('list', { name: INSPECTOR_TEXTS.logLabel('a') });
    expect([...log.children].map((li) => li.getAttribute('data-event'))).toEqual(['STOP']);
  });

  it('refuses a logLimit out of 1..10000 with an InvalidArgumentError', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    for (const logLimit of [0, 10001]) {
      expect(() => render(<MachineInspector actors={{}} logLimit={logLimit} />)).toThrow(InvalidArgumentError);
      cleanup();
    }
    render(<MachineInspector actors={{}} logLimit={10000} />);
    expect(screen.getByText(INSPECTOR_TEXTS.noActors)).toBeTruthy();
  });
});

describe('MachineInspector diagram', () => {
  it('draws the machine given, with the theme, then shows the diagram', async () => {
    render(<MachineInspector actors={{ a: started(counter) }} diagrams={{ a: counter }} theme="dark" />);
    expect(screen.getByText(INSPECTOR_TEXTS.drawing)).toBeTruthy();
    await waitFor(() => expect(document.querySelector('[data-send-event="GO"]')).not.toBeNull());
    expect(calls.at(-1)).toEqual({ source: toMermaid(counter), theme: 'dark' });
    expect(screen.queryByText(INSPECTOR_TEXTS.drawing)).toBeNull();
    expect(document.querySelector('.exkit-inspector')!.getAttribute('data-theme')).toBe('dark');
  });

  it('draws the Mermaid source given as it is, in the light theme by default', async () => {
    render(<MachineInspector actors={{ a: started(counter) }} diagrams={{ a: 'stateDiagram-v2\n  x --> y: GO' }} />);
    await waitFor(() => expect(document.querySelector('[data-send-event="GO"]')).not.toBeNull());
    expect(calls.at(-1)).toEqual({ source: 'stateDiagram-v2\n  x --> y: GO', theme: 'light' });
    expect(document.querySelector('.exkit-inspector')!.getAttribute('data-theme')).toBe('light');
  });

  it("draws the actor's own machine without a diagram given", async () => {
    render(<MachineInspector actors={{ a: started(counter) }} />);
    await waitFor(() => expect(document.querySelector('[data-send-event="GO"]')).not.toBeNull());
    expect(calls.at(-1)!.source).toBe(toMermaid(counter));
  });

  it('shows renderFailed when Mermaid refuses, also for a thrown non-Error', async () => {
    render(<MachineInspector actors={{ a: started(counter) }} diagrams={{ a: 'REFUSE' }} />);
    await waitFor(() => expect(screen.getByText(INSPECTOR_TEXTS.renderFailed('no layout'))).toBeTruthy());
    expect(screen.queryByText(INSPECTOR_TEXTS.drawing)).toBeNull();
    cleanup();
    render(<MachineInspector actors={{ a: started(counter) }} diagrams={{ a: 'STRINGLY' }} />);
    await waitFor(() => expect(screen.getByText(INSPECTOR_TEXTS.renderFailed('plain refusal'))).toBeTruthy());
  });

  it('shows diagramFailed when the source cannot be made, and draws nothing', async () => {
    render(<MachineInspector actors={{ a: started(counter) }} diagrams={{ a: {} as never }} />);
    const error = document.querySelector('section .exkit-inspector-error')!;
    expect(error.textContent!.startsWith(INSPECTOR_TEXTS.diagramFailed('').trim().slice(0, 10))).toBe(true);
    expect(screen.queryByText(INSPECTOR_TEXTS.noDiagram)).toBeNull();
    expect(screen.queryByText(INSPECTOR_TEXTS.drawing)).toBeNull();
    await act(async () => undefined);
    expect(calls).toEqual([]);
  });

  it('shows noDiagram for an actor running no machine', async () => {
    const { fromCallback } = await import('xstate');
    const cb = createActor(fromCallback(() => undefined)).start();
    render(<MachineInspector actors={{ c: cb }} />);
    expect(screen.getByText(INSPECTOR_TEXTS.noDiagram)).toBeTruthy();
    expect(screen.queryByText(INSPECTOR_TEXTS.drawing)).toBeNull();
    await act(async () => undefined);
    expect(calls).toEqual([]);
  });

  it('redraws when the theme changes', async () => {
    const a = started(counter);
    const { rerender } = render(<MachineInspector actors={{ a }} diagrams={{ a: 'S' }} />);
    await waitFor(() => expect(document.querySelector('[data-send-event="GO"]')).not.toBeNull());
    rerender(<MachineInspector actors={{ a }} diagrams={{ a: 'S' }} theme="dark" />);
    await waitFor(() => expect(calls.at(-1)).toEqual({ source: 'S', theme: 'dark' }));
  });
});

/** Moves x from { p: 1 } to { q: 2 } on SWAP, through b to c (an eventless step). */
const swapper = setup({ types: { context: {} as { x: Record<string, number> }, events: {} as { type: 'SWAP' } } }).createMachine({
  id: 'swapper',
  context: { x: { p: 1 } },
  initial: 'a',
  states: { a: { on: { SWAP: { target: 'b', actions: assign({ x: { q: 2 } }) } } }, b: { always: 'c' }, c: {} },
});

describe('MachineInspector log details, theme and texts', () => {
  it('logs each step of a transition, and a context key removed (−) and added (+) with its value', () => {
    const a = started(swapper);
    render(<MachineInspector actors={{ a }} diagrams={{}} />);
    act(() => fireEvent.click(document.querySelector('[data-send="SWAP"]')!));
    const item = screen.getByRole('list', { name: INSPECTOR_TEXTS.logLabel('a') }).querySelector('li[data-event="SWAP"]') as HTMLElement;
    const steps = within(item).getByRole('list', { name: INSPECTOR_TEXTS.transitions });
    expect([...steps.children].map((li) => li.textContent)).toEqual(['a → b', 'b → c']);
    const changes = within(item).getByRole('list', { name: INSPECTOR_TEXTS.contextChanges });
    expect([...changes.children].map((li) => [li.className, li.getAttribute('data-path'), li.textContent])).toEqual([
      ['exkit-inspector-change-removed', 'x.p', '− x.p: 1'],
      ['exkit-inspector-change-added', 'x.q', '+ x.q: 2'],
    ]);
  });

  it("sets the theme's colours as custom properties on the panel, and changes them with the theme", () => {
    const a = started(counter);
    const { container, rerender } = render(<MachineInspector actors={{ a }} diagrams={{}} theme="dark" />);
    const root = container.querySelector('.exkit-inspector') as HTMLElement;
    const colours = (theme: 'light' | 'dark') => Object.keys(themeVariables(theme)).map((name) => root.style.getPropertyValue(name));
    expect(colours('dark')).toEqual(Object.values(themeVariables('dark')));
    rerender(<MachineInspector actors={{ a }} diagrams={{}} theme="light" />);
    expect(colours('light')).toEqual(Object.values(themeVariables('light')));
    expect(root.getAttribute('data-theme')).toBe('light');
  });

  it('follows new texts given on a later render', () => {
    const a = started(counter);
    const { rerender } = render(<MachineInspector actors={{ a }} diagrams={{}} texts={{ clear: 'Vider' }} />);
    expect(screen.getByRole('button', { name: 'Vider' })).toBeTruthy();
    rerender(<MachineInspector actors={{ a }} diagrams={{}} texts={{ clear: 'Effacer' }} />);
    expect(screen.getByRole('button', { name: 'Effacer' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Vider' })).toBeNull();
  });

  it('draws the diagram given on a later render', async () => {
    const a = started(counter);
    const { rerender } = render(<MachineInspector actors={{ a }} diagrams={{ a: 'FIRST' }} />);
    await waitFor(() => expect(calls.at(-1)?.source).toBe('FIRST'));
    rerender(<MachineInspector actors={{ a }} diagrams={{ a: 'SECOND' }} />);
    await waitFor(() => expect(calls.at(-1)?.source).toBe('SECOND'));
  });

  it('keeps the diagram of the latest source when an earlier, slower drawing finishes after it', async () => {
    const a = started(counter);
    const { rerender } = render(<MachineInspector actors={{ a }} diagrams={{ a: 'SLOW' }} />);
    rerender(<MachineInspector actors={{ a }} diagrams={{ a: 'FAST' }} />);
    await waitFor(() => expect(document.querySelector('[data-send-event="GO"]')).not.toBeNull());
    await act(() => new Promise((resolve) => setTimeout(resolve, 100)));
    expect(calls.map((c) => c.source)).toEqual(['SLOW', 'FAST']);
    expect(document.querySelector('[data-send-event="GO"]')).not.toBeNull();
  });
});

describe('MachineInspector details of what it shows', () => {
  it('shows a state value it cannot read as —, and one with no state path as its preview', () => {
    const views = [view('none', { value: undefined, activeStates: [] }), view('number', { value: 42, activeStates: [] })];
    render(<MachineInspector actors={{}} inspector={fakeInspector(views)} diagrams={{}} />);
    expect(document.querySelector('[data-actor-button="none"] small')!.textContent).toBe('—');
    expect(document.querySelector('[data-actor-button="number"] small')!.textContent).toBe('42');
    expect([...document.querySelectorAll('option')].map((o) => o.textContent)).toEqual(['none: —', 'number: 42']);
    expect(panel().querySelector('.exkit-inspector-state')!.textContent).toBe(`${INSPECTOR_TEXTS.nowIn}—`);
  });

  it('shows what could not be read of an actor beside its state, and nothing without a problem', () => {
    const views = [view('odd', { problem: 'its snapshot threw' }), view('fine', {})];
    render(<MachineInspector actors={{}} inspector={fakeInspector(views)} diagrams={{}} />);
    const state = panel().querySelector('.exkit-inspector-state')!;
    expect(state.textContent).toBe(`${INSPECTOR_TEXTS.nowIn}idle (its snapshot threw)`);
    expect(state.querySelector('.exkit-inspector-error')!.textContent).toBe(' (its snapshot threw)');
    fireEvent.click(document.querySelector('[data-actor-button="fine"]')!);
    expect(panel().querySelector('.exkit-inspector-state')!.textContent).toBe(`${INSPECTOR_TEXTS.nowIn}idle`);
  });

  it('logs the event fields after the event, each step with all its targets, and the event of a step another event caused', () => {
    const log = [
      entry(1, {
        payload: 'by: 4',
        transitions: [
          { eventType: 'GO', source: 'idle', targets: ['left.one', 'right.two'] },
          { eventType: 'xstate.after.500.counter.busy', source: 'busy', targets: ['idle'] },
          { eventType: '', source: '', targets: [] },
        ],
      }),
    ];
    render(<MachineInspector actors={{}} inspector={fakeInspector([view('a', { log })])} diagrams={{}} />);
    const item = document.querySelector('li[data-event="GO"]') as HTMLElement;
    expect(item.querySelector('strong')!.textContent).toBe('#1 GO');
    expect(item.querySelector('strong + .exkit-inspector-muted')!.textContent).toBe(' by: 4');
    const steps = within(item).getByRole('list', { name: INSPECTOR_TEXTS.transitions });
    expect([...steps.children].map((li) => li.textContent)).toEqual([
      'idle → left.one, right.two',
      'busy → idle (xstate.after.500.counter.busy)',
      `${INSPECTOR_TEXTS.machine} → ${INSPECTOR_TEXTS.stays}`,
    ]);
  });

  it('heads the log with its count and the clear button, and says the inspection API is missing only when it is', () => {
    const views = [view('a', {}), view('b', { recording: 'subscribe' })];
    render(<MachineInspector actors={{}} inspector={fakeInspector(views)} diagrams={{}} />);
    const heading = () => [...panel().querySelectorAll('h4')].at(-1)!.textContent;
    expect(heading()).toBe(`${INSPECTOR_TEXTS.eventsReceived(0)} ${INSPECTOR_TEXTS.clear}`);
    expect(screen.queryByText(INSPECTOR_TEXTS.noInspectionApi)).toBeNull();
    fireEvent.click(document.querySelector('[data-actor-button="b"]')!);
    expect(screen.getByText(INSPECTOR_TEXTS.noInspectionApi)).toBeTruthy();
  });

  it('keeps spell checking off in the JSON box, and the actor picker flush with the panel', () => {
    render(<MachineInspector actors={{ a: started(counter) }} diagrams={{}} />);
    expect(screen.getByLabelText(INSPECTOR_TEXTS.extraFields).getAttribute('spellcheck')).toBe('false');
    const picker = document.querySelector('select')!.closest('.exkit-inspector-main') as HTMLElement;
    expect(picker.style.paddingBottom).toBe('0px');
  });

  it('highlights the live states of a parallel machine under their diagram ids, and no other node', async () => {
    render(<MachineInspector actors={{ p: started(parallel) }} diagrams={{ p: 'NODES' }} />);
    await waitFor(() => expect(document.querySelector('g.node')).not.toBeNull());
    const live = [...document.querySelectorAll('g.node')].map((n) => [n.getAttribute('data-id'), n.classList.contains('exkit-live')]);
    expect(live).toEqual([
      ['left_one', true],
      ['right_two', true],
      ['leftone', false],
    ]);
    expect(screen.queryByText(INSPECTOR_TEXTS.noDiagram)).toBeNull();
  });

  it('marks the transition labels of the events the current state accepts, and moves the mark as the state changes', async () => {
    const a = started(counter);
    render(<MachineInspector actors={{ a }} diagrams={{ a: 'S' }} />);
    await waitFor(() => expect(document.querySelector('[data-send-event="GO"]')).not.toBeNull());
    const go = () => document.querySelector('[data-send-event="GO"]')!.classList.contains('exkit-accepts');
    expect(go()).toBe(true);
    act(() => a.send({ type: 'GO' }));
    expect(a.getSnapshot().value).toBe('busy');
    expect(go()).toBe(false);
  });

  it('hides the diagram of the old theme at once when the theme changes, until the new one is drawn', async () => {
    const a = started(counter);
    const { rerender } = render(<MachineInspector actors={{ a }} diagrams={{ a: 'SLOW' }} />);
    await waitFor(() => expect(document.querySelector('[data-send-event="GO"]')).not.toBeNull());
    rerender(<MachineInspector actors={{ a }} diagrams={{ a: 'SLOW' }} theme="dark" />);
    expect(document.querySelector('[data-send-event="GO"]')).toBeNull();
    expect(screen.getByText(INSPECTOR_TEXTS.drawing)).toBeTruthy();
    await waitFor(() => expect(document.querySelector('[data-send-event="GO"]')).not.toBeNull());
    expect(calls.map((c) => c.theme)).toEqual(['light', 'dark']);
  });
});
