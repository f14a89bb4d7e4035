import { readFile } from 'node:fs/promises';
import { createMachine, fromCallback, fromPromise, setup } from 'xstate';
import { describe, expect, it } from 'vitest';
import { buttonMachine } from '../../machines/button.machine.js';
import { diagramDocument, toMermaid } from '../../machines/diagram/to-mermaid.js';

const sample = setup({
  types: { context: {} as { ms: number }, input: {} as { ms?: number } },
  delays: { closeDelay: ({ context }) => context.ms },
  guards: { canGo: () => true },
  actors: {},
}).createMachine({
  id: 'sample',
  context: ({ input }) => ({ ms: input?.ms ?? 3000 }),
  initial: 'open',
  states: {
    open: {
      after: { closeDelay: 'done', 500: 'nested' },
      on: { GO: { target: 'done', guard: 'canGo' } },
    },
    nested: { initial: 'inner', states: { inner: { on: { BACK: '#sample.open' } } } },
    regions: { type: 'parallel', states: { a: { initial: 'x', states: { x: {} } }, b: { initial: 'y', states: { y: {} } } } },
    done: { type: 'final' },
  },
});

describe('toMermaid', () => {
  const text = toMermaid(sample);

  it('starts a stateDiagram-v2 with the initial state', () => {
    expect(text.split('\n').slice(0, 2)).toEqual(['stateDiagram-v2', '  [*] --> open']);
  });

  it('shows delays as "after N ms", named delays resolved from the initial context', () => {
    expect(text).toContain('open --> nested : after 500 ms');
    expect(text).toContain('open --> done : after 3000 ms (closeDelay)');
    expect(toMermaid(sample, { input: { ms: 1200 } })).toContain('open --> done : after 1200 ms (closeDelay)');
  });

  it('names guards', () => expect(text).toContain('open --> done : GO [canGo]'));

  it('nests compound states and marks final states', () => {
    expect(text).toContain('  state nested {\n    [*] --> nested_inner');
    expect(text).toContain('nested_inner --> open : BACK');
    expect(text).toContain('done --> [*]');
  });

  it('separates parallel regions with --', () => {
    expect(text).toMatch(/state regions \{[\s\S]*state regions_a \{[\s\S]*\n {4}--\n[\s\S]*state regions_b \{/);
  });

  it('names invoked actors: the setup() actor by its name, with "done <id>" and "error <id>" edges', () => {
    const invoking = setup({ actors: { fetchQuote: fromPromise(async () => 1) } }).createMachine({
      id: 'invoking',
      initial: 'loading',
      states: {
        loading: { invoke: { id: 'quote', src: 'fetchQuote', onDone: 'done', onError: 'failed' } },
        failed: { on: { RETRY: 'loading' } },
        done: { type: 'final' },
      },
    });
    expect(toMermaid(invoking).split('\n')).toEqual([
      'stateDiagram-v2',
      '  [*] --> loading',
      '  loading : invoke fetchQuote',
      '  loading --> done : done quote',
      '  loading --> failed : error quote',
      '  failed --> loading : RETRY',
      '  done --> [*]',
      '',
    ]);
  });

  it('names an inline invoked actor by its id, or "inline actor" without one (never XState\'s generated source name)', () => {
    const inline = createMachine({
      id: 'inline',
      initial: 'working',
      states: { working: { invoke: [{ id: 'ticker', src: fromPromise(async () => 2) }, { src: fromPromise(async () => 3) }] } },
    });
    const text = toMermaid(inline);
    expect(text).toContain('  working : invoke ticker\n  working : invoke inline actor\n');
    expect(text).not.toContain('xstate.invoke');
  });

  it('renders the button machine', () => {
    const button = toMermaid(buttonMachine);
    // Loading and disabled are two regions of one parallel state; the click is the machine's own event.
    expect(button).toContain('  state button {\n    state activity {\n');
    expect(button).toMatch(/\n {4}--\n {4}state availability \{\n/);
    expect(button).toContain('availability_starting --> availability_disabled : always [startsDisabled]');
    expect(button).toContain('activity_loading --> activity_idle : STOP_LOADING');
    expect(button).toContain('  button --> button : CLICK [clickable] / emitClicked\n');
  });

  it('the committed docs/machines/button.md is what the generator writes', async () => {
    const committed = await readFile(new URL('../../docs/machines/button.md', import.meta.url), 'utf8');
    expect(committed).toBe(diagramDocument('button', buttonMachine, { input: {} }));
  });
});

describe('toMermaid: machines that are drawn as one composite state', () => {
  it('a parallel machine wraps its regions, so the region separator sits inside a state (Mermaid refuses it at the top)', () => {
    const machine = createMachine({
      id: 'two-regions',
      type: 'parallel',
      on: { PING: {} },
      states: { a: { initial: 'x', states: { x: {} } }, b: { initial: 'y', states: { y: {} } } },
    });
    const text = toMermaid(machine);
    expect(text).toContain('  state two_regions {\n');
    expect(text).toMatch(/\n {4}--\n/);
    expect(text).not.toMatch(/\n {2}--\n/);
    expect(text).toContain('  two_regions --> two_regions : PING\n');
  });

  it('an actor invoked by the machine itself is named on the machine', () => {
    const machine = setup({ actors: { watch: fromCallback(() => undefined) } }).createMachine({
      id: 'watcher',
      invoke: { src: 'watch' },
      initial: 'idle',
      on: { RESET: '.idle' },
      states: { idle: { on: { GO: 'busy' } }, busy: {} },
    });
    const text = toMermaid(machine);
    // In the composite's label: Mermaid refuses description lines on a composite state.
    expect(text).toContain('  state "watcher (invoke watch)" as watcher\n');
    expect(text).not.toContain('watcher : invoke');
    expect(text.indexOf('busy --> idle : RESET')).toBeLessThan(text.indexOf('  }\n'));
  });

  it('a compound state that invokes actors lists them in its label, never as description lines', () => {
    const machine = setup({ actors: { layer: fromCallback(() => undefined), trap: fromCallback(() => undefined) } }).createMachine({
      id: 'box',
      initial: 'showing',
      states: {
        showing: {
          invoke: [{ src: 'layer' }, { src: 'trap' }],
          initial: 'entering',
          states: { entering: { on: { DONE: 'open' } }, open: {} },
        },
      },
    });
    const text = toMermaid(machine);
    expect(text).toContain('  state "showing (invoke layer, invoke trap)" as showing\n');
    expect(text).not.toMatch(/showing : invoke/);
  });
});
