import type { AnyStateMachine } from 'xstate';
import { getInitialSnapshot } from 'xstate';
import { expectString, invalidArgument, readGuarded, readRecord } from '../../core/validate/describe-value.js';
import { isRecord } from '../fields.js';

/** The parts of an XState v5 state node the exporter reads. */
interface NodeLike {
  key: string;
  id: string;
  path: string[];
  type: 'atomic' | 'compound' | 'parallel' | 'final' | 'history';
  states: Record<string, NodeLike>;
  initial?: { target: NodeLike[] };
  transitions: Map<string, TransitionLike[]>;
  always?: TransitionLike[];
  after: Array<TransitionLike & { delay: number | string }>;
  invoke: Array<{ src: unknown; id: string }>;
}

interface TransitionLike {
  eventType: string;
  target?: NodeLike[];
  guard?: unknown;
  actions: unknown[];
}

export interface ToMermaidOptions {
  /** Input used to build the initial context when named delays are resolved to milliseconds. */
  input?: unknown;
}

const PREFIX_AFTER = 'xstate.after.';
const PREFIX_DONE_ACTOR = 'xstate.done.actor.';
const PREFIX_ERROR_ACTOR = 'xstate.error.actor.';
const PREFIX_DONE_STATE = 'xstate.done.state.';

function nameOf(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (value && typeof value === 'object' && 'type' in value && typeof (value as { type: unknown }).type === 'string') {
    return (value as { type: string }).type;
  }
  return undefined;
}

/** Mermaid treats ':' ';' and '#' specially inside labels. */
function clean(text: string): string {
  return text.replace(/[:;#]/g, ' ').replace(/\s+/g, ' ').trim();
}

function eventLabel(eventType: string): string {
  if (eventType.startsWith(PREFIX_DONE_ACTOR)) return `done ${eventType.slice(PREFIX_DONE_ACTOR.length)}`;
  if (eventType.startsWith(PREFIX_ERROR_ACTOR)) return `error ${eventType.slice(PREFIX_ERROR_ACTOR.length)}`;
  if (eventType.startsWith(PREFIX_DONE_STATE)) return 'done';
  return eventType;
}

/** Renders an XState v5 machine as a Mermaid `stateDiagram-v2`: nested and parallel states, final states, named guards, delays in ms and
 * invoked actors. */
export function toMermaid(machine: AnyStateMachine, givenOptions: ToMermaidOptions = {}): string {
  const options = readRecord('options', givenOptions, 'toMermaid', {});
  const parts = readGuarded('machine', 'an XState machine', machine, 'toMermaid', () => {
    const node = machine.root as unknown as NodeLike | undefined;
    if (typeof node !== 'object' || node === null || !isRecord(machine.implementations)) return undefined;
    return { root: node, delays: (machine.implementations.delays ?? {}) as Record<string, unknown> };
  });
  if (parts === undefined) throw invalidArgument('machine', 'an XState machine', machine, 'toMermaid');
  const { root, delays } = parts;
  let context: unknown;
  const resolveContext = () => {
    if (context === undefined) {
      try {
        context = getInitialSnapshot(machine, options.input as never).context;
      } catch {
        context = null;
      }
    }
    return context;
  };
  const delayLabel = (delay: number | string): string => {
    if (typeof delay === 'number') return `after ${delay} ms`;
    const impl = delays[delay];
    const ms = typeof impl === 'number' ? impl : typeof impl === 'function' ? safeCall(impl, resolveContext()) : undefined;
    // A delay that resolves to no finite number (NaN from a context without the field) is shown by its name.
    return typeof ms === 'number' && Number.isFinite(ms) ? `after ${ms} ms (${delay})` : `after ${delay}`;
  };

  const lines: string[] = ['stateDiagram-v2'];
  // The machine itself is drawn as a state only when it must be (see below); it then carries the machine's id.
  // Stryker disable next-line StringLiteral: XState names a machine without an id '(machine)', so the sanitised id is never empty
  const machineId = machine.id.replace(/[^A-Za-z0-9_]/g, '_') || 'machine';
  const idOf = (node: NodeLike) => (node.path.length ? node.path.join('_') : machineId);

  const edge = (indent: string, from: NodeLike, t: TransitionLike, label: string) => {
    const guard = t.guard === undefined ? '' : ` [${nameOf(t.guard) ?? 'inline guard'}]`;
    const actions = t.actions.map(nameOf).filter((a): a is string => a !== undefined && !a.startsWith('xstate.'));
    const text = clean(`${label}${guard}${actions.length ? ` / ${actions.join(', ')}` : ''}`);
    const targets = t.target?.length ? t.target : [from];
    for (const target of targets) lines.push(`${indent}${idOf(from)} --> ${idOf(target)}${text ? ` : ${text}` : ''}`);
  };

  const renderChildren = (parent: NodeLike, depth: number) => {
    const indent = '  '.repeat(depth);
    const children = Object.values(parent.states);
    if (parent.type === 'parallel') {
      children.forEach((child, i) => {
        if (i > 0) lines.push(`${indent}--`);
        renderNode(child, depth);
      });
      return;
    }
    // Stryker disable next-line OptionalChaining,ArrayDeclaration: XState gives every state node an initial transition, its target a list
    for (const target of parent.initial?.target ?? []) lines.push(`${indent}[*] --> ${idOf(target)}`);
    for (const child of children) renderNode(child, depth);
  };

  const renderNode = (node: NodeLike, depth: number) => {
    const indent = '  '.repeat(depth);
    const id = idOf(node);
    const composite = node.type === 'compound' || node.type === 'parallel';
    // Mermaid lets a composite state carry a label but no description lines, so its invoked actors join the label.
    const label = composite && node.invoke.length > 0 ? `${node.key} (${invokeList(node)})` : node.key;
    if (id !== label) lines.push(`${indent}state "${label}" as ${id}`);
    if (composite) {
      lines.push(`${indent}state ${id} {`);
      renderChildren(node, depth + 1);
      lines.push(`${indent}}`);
    } else {
      for (const invoke of node.invoke) lines.push(`${indent}${id} : invoke ${clean(invokedName(invoke))}`);
    }
    for (const t of node.always ?? []) edge(indent, node, t, 'always');
    for (const t of node.after) edge(indent, node, t, delayLabel(t.delay));
    for (const [eventType, transitions] of node.transitions) {
      if (eventType.startsWith(PREFIX_AFTER)) continue;
      for (const t of transitions) edge(indent, node, t, eventLabel(eventType));
    }
    if (node.type === 'final') lines.push(`${indent}${id} --> [*]`);
  };

  // Mermaid accepts the region separator '--' only inside a composite state, and an invoked actor needs a
  // state to hang on: a parallel or invoking machine is drawn as one composite state holding the rest.
  const wrapRoot = root.type === 'parallel' || root.invoke.length > 0;
  const indent = wrapRoot ? '    ' : '  ';
  if (root.invoke.length > 0) lines.push(`  state "${machineId} (${invokeList(root)})" as ${machineId}`);
  if (wrapRoot) lines.push(`  state ${machineId} {`);
  renderChildren(root, wrapRoot ? 2 : 1);
  // A compound machine's own events apply from any of its states; a parallel machine's, to it as a whole.
  if (root.type !== 'parallel') {
    for (const [eventType, transitions] of root.transitions) {
      for (const t of transitions) for (const child of Object.values(root.states)) edge(indent, child, t, eventLabel(eventType));
    }
  }
  if (wrapRoot) lines.push('  }');
  if (root.type === 'parallel') {
    for (const [eventType, transitions] of root.transitions) for (const t of transitions) edge('  ', root, t, eventLabel(eventType));
  }
  return `${lines.join('\n')}\n`;
}

// XState names an inline actor's source `xstate.invoke.<index>.<state id>` and, when no id is given, its id
// `<index>.<state id>`: neither means anything to a reader of the diagram.
const PREFIX_INLINE_SOURCE = 'xstate.invoke.';
const INLINE_ACTOR = 'inline actor';

/** A composite state's invoked actors for its label: `invoke layer, invoke focusTrap`. */
function invokeList(node: NodeLike): string {
  return node.invoke.map((invoke) => `invoke ${clean(invokedName(invoke))}`).join(', ');
}

/** An invoked actor's name: the `setup()` actor it names, else its explicit id, else 'inline actor'. */
function invokedName(invoke: { src: unknown; id: string }): string {
  const src = nameOf(invoke.src);
  // Stryker disable next-line ConditionalExpression: XState names every invoked source (a setup() key or its own xstate.invoke. name)
  if (src !== undefined && !src.startsWith(PREFIX_INLINE_SOURCE)) return src;
  // Stryker disable next-line OptionalChaining: src is always a string here (see above); the chain only satisfies the type
  const generatedId = src?.slice(PREFIX_INLINE_SOURCE.length);
  return invoke.id && invoke.id !== generatedId ? invoke.id : INLINE_ACTOR;
}

function safeCall(fn: unknown, context: unknown): unknown {
  try {
    return (fn as (args: { context: unknown; event: unknown }) => unknown)({ context, event: { type: 'xstate.init' } });
  } catch {
    return undefined;
  }
}

/** The Markdown page of one machine's diagram, as written to `docs/machines/<name>.md`. */
export function diagramDocument(name: string, machine: AnyStateMachine, options: ToMermaidOptions = {}): string {
  expectString('name', name, 'diagramDocument');
  return [
    `# ${name}`,
    '',
    `Generated from \`machines/${name}.machine.ts\` by \`npm run diagrams\`; do not edit by hand.`,
    '',
    '```mermaid',
    toMermaid(machine, options).trimEnd(),
    '```',
    '',
  ].join('\n');
}
