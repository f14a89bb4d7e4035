import type { DomPort } from '../platform/types.js';
import { guardCallback } from '../errors/guard-callback.js';
import { invalidArgument, isRecord, readGuarded, readRecord } from '../validate/describe-value.js';
import { createLayerCounter } from './layer-counter.js';
import type { LayerCounter } from './layer-counter.js';

/** What a layer (dialog, popup, message box, toast group) tells the stack about itself. */
export interface LayerOptions {
  /** The layer's node; clicks inside it are never outside clicks for the layers below it. */
  node?: () => Element | null | undefined;
  /**
   * Called when Escape is pressed and this layer is the topmost one. A layer without it swallows
   * Escape (an alert box), so the layers below never see it.
   */
  onEscape?: (event: KeyboardEvent) => void;
  /** Called for a pointer-down outside this layer while it is the topmost layer that listens for them. */
  onOutsideClick?: (event: Event) => void;
}

/** A layer's place in the stack. */
export interface LayerHandle {
  /** The z-index the layer took from the app's counter when it was pushed (or last brought to front). */
  readonly zIndex: number;
  isTop(): boolean;
  /** Moves the layer to the top and gives it the next z-index (a new toast over an open modal). */
  bringToFront(): void;
  remove(): void;
}

/** The app's stack of open layers: Escape goes to the topmost layer only; outside clicks to the topmost listener only. */
export interface LayerStack {
  readonly counter: LayerCounter;
  push(options: LayerOptions): LayerHandle;
  /** Registers a node whose clicks never count as outside clicks (toast and notification regions). Returns the removal. */
  addBranch(node: () => Element | null | undefined): () => void;
  /** How many layers are open. */
  readonly size: number;
  /** Handles a key press as the document listener would; returns whether a layer took it. */
  handleKeyDown(event: KeyboardEvent): boolean;
  /** Handles a pointer-down as the document listener would; returns whether a layer saw an outside click. */
  handlePointerDown(event: Event): boolean;
}

interface Entry {
  options: LayerOptions;
  zIndex: number;
}

const contains = (node: Element | null | undefined, target: unknown): boolean =>
  !!node && typeof (target as Node | null)?.nodeType === 'number' && node.contains(target as Node);

/** Whether the element a caller's `node()` gives contains `target`; a `node()` that throws is reported and counts as no. */
const nodeContains = (node: () => Element | null | undefined, target: unknown): boolean => {
  const found = guardCallback('node', () => contains(node(), target));
  return found.ok && found.value;
};

/**
 * Creates the layer stack of one document; listeners are attached while at least one layer is open.
 *
 * @example
 * ```ts
 * const platform = browserPlatform();
 * const stack = createLayerStack(platform.dom);
 * const layer = stack.push({ node: () => document.getElementById('menu'), onEscape: closeMenu, onOutsideClick: closeMenu });
 * // Escape and pointer-downs outside #menu now reach closeMenu while it is the topmost layer.
 * layer.remove();
 * ```
 */
export function createLayerStack(dom: DomPort | undefined, counter: LayerCounter = createLayerCounter()): LayerStack {
  const entries: Entry[] = [];
  const branches = new Set<() => Element | null | undefined>();
  let attached = false;

  const onKeyDown = (event: Event) => void stack.handleKeyDown(event as KeyboardEvent);
  const onPointerDown = (event: Event) => void stack.handlePointerDown(event);

  const sync = () => {
    if (!dom) return;
    const want = entries.length > 0;
    if (want === attached) return;
    attached = want;
    const doc = dom.document;
    if (want) {
      doc.addEventListener('keydown', onKeyDown, true);
      doc.addEventListener('pointerdown', onPointerDown, true);
    } else {
      doc.removeEventListener('keydown', onKeyDown, true);
      doc.removeEventListener('pointerdown', onPointerDown, true);
    }
  };

  const stack: LayerStack = {
    counter,
    get size() {
      return entries.length;
    },
    push(given) {
      // Checked before it is recorded: a malformed layer would break every later key or pointer event.
      const options = readRecord('options', given, 'layerStack.push');
      for (const name of ['node', 'onEscape', 'onOutsideClick'] as const)
        if (options[name] !== undefined && typeof options[name] !== 'function')
          throw invalidArgument(`options.${name}`, 'a function', options[name], 'layerStack.push');
      const entry: Entry = { options, zIndex: counter.next() };
      entries.push(entry);
      sync();
      return {
        get zIndex() {
          return entry.zIndex;
        },
        isTop: () => entries[entries.length - 1] === entry,
        bringToFront() {
          const at = entries.indexOf(entry);
          if (at < 0) return;
          entries.splice(at, 1);
          entries.push(entry);
          entry.zIndex = counter.next();
        },
        remove() {
          const at = entries.indexOf(entry);
          if (at >= 0) entries.splice(at, 1);
          sync();
        },
      };
    },
    addBranch(node) {
      if (typeof node !== 'function') throw invalidArgument('node', 'a function giving the branch element', node, 'layerStack.addBranch');
      branches.add(node);
      return () => void branches.delete(node);
    },
    handleKeyDown(event) {
      if (!isRecord(event)) throw invalidArgument('event', 'a keyboard event', event, 'layerStack.handleKeyDown');
      const escape = readGuarded(
        'event',
        'a keyboard event',
        event,
        'layerStack.handleKeyDown',
        () => event.key === 'Escape' && !event.isComposing,
      );
      if (!escape) return false;
      const top = entries[entries.length - 1];
      if (!top) return false;
      // The topmost layer owns Escape even when it ignores it (an alert), so nothing below reacts.
      readGuarded('event', 'a keyboard event', event, 'layerStack.handleKeyDown', () => event.stopPropagation());
      const onEscape = top.options.onEscape;
      if (onEscape) guardCallback('onEscape', () => onEscape(event));
      return true;
    },
    handlePointerDown(event) {
      if (!isRecord(event)) throw invalidArgument('event', 'a pointer event', event, 'layerStack.handlePointerDown');
      const target = readGuarded(
        'event',
        'a pointer event',
        event,
        'layerStack.handlePointerDown',
        () => event.composedPath?.()[0] ?? event.target,
      );
      for (const branch of branches) if (nodeContains(branch, target)) return false;
      for (let i = entries.length - 1; i >= 0; i--) {
        const entry = entries[i]!;
        const node = entry.options.node;
        if (node && nodeContains(node, target)) return false;
        const onOutsideClick = entry.options.onOutsideClick;
        if (onOutsideClick) {
          guardCallback('onOutsideClick', () => onOutsideClick(event));
          return true;
        }
      }
      return false;
    },
  };
  return stack;
}
