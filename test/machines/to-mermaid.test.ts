import { readFile } from 'node:fs/promises';
import { assign, createMachine, fromCallback, fromPromise, getInitialSnapshot, setup } from 'xstate';
import { describe, expect, it } from 'vitest';
import { buttonMachine } from '../../machines/button.machine.js';
import { diagramDocument, toMermaid } from '../../machines/diagram/to-mermaid.js';
import { fieldOf } from '../support/invalid-argument.js';

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

describe('toMermaid: every label, line and indent', () => {
  it('delays (named numbers, throwing or non-numeric or missing named delays), cleaned labels, inline guards, named actions only, several targets, onDone of a compound state', () => {
    const machine = setup({
      delays: {
        short: 250,
        broken: () => {
          throw new Error('no context');
        },
        text: () => 'soon' as never,
      },
      actions: { note: () => undefined },
    }).createMachine({
      id: 'labels',
      initial: 'a',
      states: {
        a: {
          after: { short: 'b', broken: 'b', text: 'b', missing: 'b' } as never,
          on: {
            'GO:NOW;#': {
              target: 'b',
              guard: ({ context }) => context === undefined,
              actions: [assign({}), 'note', () => undefined, 'xstate.custom', { type: 'audit' }] as never,
            },
            ';': 'b',
            SPLIT: { target: ['#labels.c.x.two', '#labels.c.y.two'] },
          },
        },
        b: { initial: 'inner', states: { inner: { type: 'final' } }, onDone: 'c' },
        c: {
          type: 'parallel',
          states: {
            x: { initial: 'one', states: { one: {}, two: {} } },
            y: { initial: 'one', states: { one: {}, two: {} } },
          },
        },
      },
    });
    expect(toMermaid(machine).split('\n')).toStrictEqual([
      'stateDiagram-v2',
      '  [*] --> a',
      '  a --> b : after 250 ms (short)',
      '  a --> b : after broken',
      '  a --> b : after text',
      '  a --> b : after missing',
      '  a --> b : GO NOW [inline guard] / note, audit',
      '  a --> b',
      '  a --> c_x_two : SPLIT',
      '  a --> c_y_two : SPLIT',
      '  state b {',
      '    [*] --> b_inner',
      '    state "inner" as b_inner',
      '    b_inner --> [*]',
      '  }',
      '  b --> c : done',
      '  state c {',
      '    state "x" as c_x',
      '    state c_x {',
      '      [*] --> c_x_one',
      '      state "one" as c_x_one',
      '      state "two" as c_x_two',
      '    }',
      '    --',
      '    state "y" as c_y',
      '    state c_y {',
      '      [*] --> c_y_one',
      '      state "one" as c_y_one',
      '      state "two" as c_y_two',
      '    }',
      '  }',
      '',
    ]);
  });

  it('a parallel machine with an odd id: the id made safe, its own events drawn on it as a whole, after the wrapper closes', () => {
    const machine = createMachine({
      id: 'odd id-1.x',
      type: 'parallel',
      on: { RESET: '.a.x', NOOP: {} },
      states: { a: { initial: 'x', states: { x: {} } }, b: { initial: 'y', states: { y: { always: { target: 'y' } } } } },
    });
    expect(toMermaid(machine).split('\n')).toStrictEqual([
      'stateDiagram-v2',
      '  state odd_id_1_x {',
      '    state a {',
      '      [*] --> a_x',
      '      state "x" as a_x',
      '    }',
      '    --',
      '    state b {',
      '      [*] --> b_y',
      '      state "y" as b_y',
      '      b_y --> b_y : always',
      '    }',
      '  }',
      '  odd_id_1_x --> a_x : RESET',
      '  odd_id_1_x --> odd_id_1_x : NOOP',
      '',
    ]);
  });

  it("a compound machine's own events are drawn from each of its top states, inside the wrapper of an invoking machine", () => {
    const machine = setup({ actors: { ticker: fromCallback(() => undefined) } }).createMachine({
      id: 'root',
      invoke: [{ src: 'ticker' }, { src: fromPromise(async () => 1) }],
      initial: 'one',
      on: { HOME: '.one' },
      states: { one: {}, two: { invoke: { src: 'ticker' } } },
    });
    expect(toMermaid(machine).split('\n')).toStrictEqual([
      'stateDiagram-v2',
      '  state "root (invoke ticker, invoke inline actor)" as root',
      '  state root {',
      '    [*] --> one',
      '    two : invoke ticker',
      '    one --> one : HOME',
      '    two --> one : HOME',
      '  }',
      '',
    ]);
  });

  it('named delays are resolved from one initial context, built once from the given input', () => {
    let reads = 0;
    const machine = setup({
      types: { input: {} as { ms: number }, context: {} as { ms: number } },
      delays: {
        one: ({ context }) => context.ms,
        two: ({ context }) => context.ms * 2,
      },
    }).createMachine({
      id: 'timed',
      context: ({ input }) => (reads++, { ms: input.ms }),
      initial: 'a',
      states: { a: { after: { one: 'b', two: 'b' } }, b: {} },
    });
    // What one initial snapshot costs (XState may build the context more than once for it).
    getInitialSnapshot(machine, { ms: 10 });
    const once = reads;
    reads = 0;
    const text = toMermaid(machine, { input: { ms: 10 } });
    expect(text).toContain('  a --> b : after 10 ms (one)\n  a --> b : after 20 ms (two)\n');
    expect(reads).toBe(once);
    // Without the input the delays give no number (undefined, NaN): they are shown by name.
    expect(toMermaid(machine)).toContain('  a --> b : after one\n  a --> b : after two\n');
  });

  it('a value that is not a machine, or options that are not an object, is an InvalidArgumentError naming it', () => {
    expect(fieldOf(() => toMermaid({} as never))).toBe('machine');
    expect(fieldOf(() => toMermaid({ root: null, implementations: {} } as never))).toBe('machine');
    expect(fieldOf(() => toMermaid({ root: {}, implementations: null } as never))).toBe('machine');
    expect(fieldOf(() => toMermaid(null as never))).toBe('machine');
    expect(fieldOf(() => toMermaid(buttonMachine, 'x' as never))).toBe('options');
    expect(fieldOf(() => diagramDocument(5 as never, buttonMachine))).toBe('name');
  });

  it('the document: a title, where it comes from, and the diagram in a mermaid block', () => {
    const machine = createMachine({ id: 'tiny', initial: 'a', states: { a: {} } });
    expect(diagramDocument('tiny', machine)).toBe(
      '# tiny\n\nGenerated from `machines/tiny.machine.ts` by `npm run diagrams`; do not edit by hand.\n\n```mermaid\nstateDiagram-v2\n  [*] --> a\n```\n',
    );
  });
});

describe('toMermaid: the edge cases of a definition', () => {
  it('a machine without states is the bare header', () => {
    expect(toMermaid(createMachine({ id: 'empty' }))).toBe('stateDiagram-v2\n');
  });

  it('an action object whose type is no string is left out; a delay function gets the init event', () => {
    const machine = setup({
      delays: { byEvent: ({ event }) => (event.type === 'xstate.init' ? 100 : 5) },
    }).createMachine({
      id: 'odd',
      initial: 'a',
      states: { a: { on: { GO: { target: 'b', actions: [{ type: 5 }] as never } }, after: { byEvent: 'b' } }, b: {} },
    });
    const text = toMermaid(machine);
    expect(text).toContain('  a --> b : after 100 ms (byEvent)\n');
    expect(text).toContain('  a --> b : GO\n');
  });
});
