import { fromCallback } from 'xstate';
import type { EventObject } from 'xstate';
import { safeReport } from '../core/errors/guard-callback.js';
import type { DomPort, ErrorReporter } from '../core/platform/types.js';
import { createFocusTrap } from '../core/ui/focus-trap.js';
import type { LayerStack } from '../core/ui/layer-stack.js';
import type { ScrollLock } from '../core/ui/scroll-lock.js';
import { checkArgument, hasMethods, ID, isFunction, isString, prop } from './fields.js';
import { readGuarded } from '../core/validate/describe-value.js';
import type { FieldRule, FieldRules } from './fields.js';

// The DOM side effects of an open layer, as actors a machine invokes in the state where the layer is open:
// XState starts them on entry and stops them on exit, so no renderer (React, Vue, plain DOM) wires them.
// Nodes are found by the ids the machine's connect hands out, so a renderer only has to spread the props.

/** The field rule of a layer stack in a machine's input. */
export const LAYER_STACK: FieldRule = { check: hasMethods('push', 'addBranch'), expect: 'a layer stack' };
/** The field rule of a DOM port (window and document) in a machine's input. */
export const DOM_PORT: FieldRule = {
  check: (v) => prop(v, 'document') !== undefined && prop(v, 'window') !== undefined,
  expect: 'a DOM port (window and document)',
};

/** The attribute a connect puts next to a node's `id`, so the effects still find it when a renderer sets its own id. */
export const NODE_ATTRIBUTE = 'data-exkit-node';

const isDocument = hasMethods('getElementById', 'querySelector');

/**
 * The element a connect named `id`: by its id, or by `data-exkit-node` when the renderer replaced the id.
 * InvalidArgumentError naming `doc` or `id` when one is not a document or a string.
 */
export function findNode(doc: Document, id: string): HTMLElement | null {
  checkArgument('findNode', 'doc', doc, isDocument, 'a document');
  checkArgument('findNode', 'id', id, isString, 'a string');
  // Quotes, backslashes and control characters become hex escapes (`\22 `): a CSS string cannot hold them raw.
  const quoted = id.replace(/["\\]|\p{Cc}/gu, (c) => `\\${c.charCodeAt(0).toString(16)} `);
  return readGuarded(
    'doc',
    'a document',
    doc,
    'findNode',
    () => doc.getElementById(id) ?? doc.querySelector<HTMLElement>(`[${NODE_ATTRIBUTE}="${quoted}"]`),
  );
}

/**
 * Calls `found` with the element of `id` once it is in the document and not `hidden` (now, or when a renderer
 * adds or shows it); returns the stop. InvalidArgumentError naming `dom.document`, `id` or `found` when one is bad.
 */
export function whenElement(dom: DomPort, id: string, found: (element: HTMLElement) => void): () => void {
  const doc = checkArgument('whenElement', 'dom.document', prop(dom, 'document'), isDocument, 'a document') as Document;
  checkArgument('whenElement', 'id', id, isString, 'a string');
  checkArgument('whenElement', 'found', found, isFunction, 'a function');
  const shown = () => {
    const element = findNode(doc, id);
    return element && !element.closest('[hidden]') ? element : null;
  };
  const now = shown();
  if (now) {
    found(now);
    return () => {};
  }
  const Observer = prop(prop(dom, 'window'), 'MutationObserver') as typeof MutationObserver | undefined;
  if (typeof Observer !== 'function') return () => {};
  // A renderer commits the node after the machine entered the open state: watch the document until it appears.
  const observer = new Observer(() => {
    const element = shown();
    if (!element) return;
    observer.disconnect();
    found(element);
  });
  observer.observe(doc, { childList: true, subtree: true, attributes: true, attributeFilter: ['id', 'hidden', NODE_ATTRIBUTE] });
  return () => observer.disconnect();
}

export interface LayerEffectInput {
  /** The app's layer stack; nothing is pushed without one. */
  stack: LayerStack | undefined;
  dom: DomPort | undefined;
  /** The id of the layer's node: clicks inside it are not outside clicks. */
  nodeId: string;
  /** The event sent to the machine on Escape while the layer is on top; without one the layer swallows Escape. */
  escape?: EventObject;
  /** The event sent to the machine on a pointer-down outside the layer. */
  outside?: EventObject;
}

/** The event a layer effect takes: bring the layer above every other (a new toast over a modal). */
export type LayerEffectEvent = { type: 'layer.front' };

/** Holds a layer in the app's stack (Escape to the topmost layer, outside clicks) while the invoking state is active. */
export const layerEffect = /* @__PURE__ */ fromCallback<LayerEffectEvent, LayerEffectInput>(({ input, sendBack, receive }) => {
  if (!input.stack) return undefined;
  const { escape, outside, dom, nodeId } = input;
  const layer = input.stack.push({
    node: () => (dom ? findNode(dom.document, nodeId) : null),
    ...(escape ? { onEscape: () => sendBack(escape) } : {}),
    ...(outside ? { onOutsideClick: () => sendBack(outside) } : {}),
  });
  receive((event) => {
    if (event.type === 'layer.front') layer.bringToFront();
  });
  return () => layer.remove();
});

export interface BranchEffectInput {
  stack: LayerStack | undefined;
  dom: DomPort | undefined;
  /** The id of the node whose clicks never count as outside clicks (a toast or notification region). */
  nodeId: string;
}

/** Registers a node as a branch of the app's layer stack while the invoking state is active. */
export const branchEffect = /* @__PURE__ */ fromCallback<EventObject, BranchEffectInput>(({ input }) => {
  const { stack, dom, nodeId } = input;
  if (!stack) return undefined;
  return stack.addBranch(() => (dom ? findNode(dom.document, nodeId) : null));
});

/** The input of a machine with a toast or notification region. */
export interface RegionInput {
  /**
   * The app's layer stack: while items are shown the region is a layer (Escape closes the newest item, each new
   * item brings the region above an open modal), and clicks in it never count as outside clicks for a modal.
   */
  stack?: LayerStack;
  /** The document the region lives in; the layer finds the region by its id there. */
  dom?: DomPort;
  /** The DOM id of the region; each region on a page needs its own. */
  regionId?: string;
}

/** The field rules of a region input. */
export const REGION_INPUT_RULES: FieldRules<RegionInput> = { stack: LAYER_STACK, dom: DOM_PORT, regionId: ID };

/** A region machine's starting context from its checked input. */
export const regionContextOf = (input: RegionInput, defaultId: string): RegionContext => ({
  items: [],
  shownCount: 0,
  frontedCount: 0,
  regionId: input.regionId ?? defaultId,
  stack: input.stack,
  dom: input.dom,
});

/** What a machine with a toast or notification region keeps so that the region's layer follows it. */
export interface RegionContext {
  /** The items shown in the region. */
  items: readonly unknown[];
  /** How many items have been shown so far. */
  shownCount: number;
  /** `shownCount` when the region's layer was last brought to the front. */
  frontedCount: number;
  /** The region's DOM id (its connect hands it out). */
  regionId: string;
  stack: LayerStack | undefined;
  dom: DomPort | undefined;
}

/** The id a region machine gives its layer effect, so that it can bring the layer to the front. */
export const REGION_LAYER = 'regionLayer';

/** The input of a region's layer effect: Escape goes to the machine as ESCAPE (its newest item closes). */
export const regionLayerInput = ({ context }: { context: RegionContext }): LayerEffectInput => ({
  stack: context.stack,
  dom: context.dom,
  nodeId: context.regionId,
  escape: { type: 'ESCAPE' },
});

/** The input of a region's branch effect. */
export const regionBranchInput = ({ context }: { context: RegionContext }): BranchEffectInput => ({
  stack: context.stack,
  dom: context.dom,
  nodeId: context.regionId,
});

/**
 * The states of a region machine's active state: `empty`, and `shown`, which holds the region's layer while any
 * item is shown. A newly shown item brings the layer above a modal opened since; an item closing never does.
 * The machine provides `regionGuards`, the `layer` actor (layerEffect) and two actions whose types follow its own
 * events: `frontRegion` (`sendTo(REGION_LAYER, { type: 'layer.front' })`) and `regionFronted` (frontedCount =
 * shownCount).
 */
export const regionStates = {
  initial: 'empty',
  states: {
    empty: { always: { guard: 'regionShown', target: 'shown' } },
    shown: {
      entry: 'regionFronted',
      invoke: { id: REGION_LAYER, src: 'layer', input: regionLayerInput },
      always: [
        { guard: 'regionEmpty', target: 'empty' },
        { guard: 'regionGrew', actions: ['frontRegion', 'regionFronted'] },
      ],
    },
  },
} as const;

/** Guards of a region machine: the region is empty; an item was shown since its layer last came to the front. */
export const regionGuards = {
  regionEmpty: ({ context }: { context: RegionContext }) => context.items.length === 0,
  regionShown: ({ context }: { context: RegionContext }) => context.items.length > 0,
  regionGrew: ({ context }: { context: RegionContext }) => context.shownCount > context.frontedCount,
};

export interface FocusTrapEffectInput {
  dom: DomPort | undefined;
  /** The id of the container focus moves into. */
  nodeId: string;
  /** Keep Tab inside (a modal); false only moves focus in and back. */
  trap: boolean;
  /** The element focused first (default: the first tabbable inside). */
  initialFocus?: () => HTMLElement | null | undefined;
  /** A check of the container before focus moves in (a dialog's role): a throw is reported and focus stays put. */
  check?: (element: HTMLElement) => void;
  /** Where a failed check is reported (the console without one). */
  errors?: ErrorReporter | undefined;
}

/** The report event of a layer node that failed its check (a dialog node without role dialog). */
export const LAYER_NODE_INVALID_EVENT = 'layerNodeInvalid';

function reportInvalidNode(errors: ErrorReporter | undefined, error: unknown): void {
  try {
    if (errors)
      safeReport(errors, { event: LAYER_NODE_INVALID_EVENT, message: error instanceof Error ? error.message : String(error), error });
    else console.error('[exkit] a layer node failed its check', error);
  } catch {
    // A reporter that throws has nowhere left to report to.
  }
}

/** Moves focus into the node of `nodeId` once it is rendered, keeps it there, and restores it when stopped. */
export const focusTrapEffect = /* @__PURE__ */ fromCallback<EventObject, FocusTrapEffectInput>(({ input }) => {
  const { dom } = input;
  if (!dom) return undefined;
  let release = () => {};
  const stopWaiting = whenElement(dom, input.nodeId, (element) => {
    // The node may arrive in a DOM callback, where a throw would reach nobody: it is reported instead.
    try {
      input.check?.(element);
    } catch (error) {
      reportInvalidNode(input.errors, error);
      return;
    }
    const trap = createFocusTrap(dom, element, {
      trap: input.trap,
      ...(input.initialFocus ? { initialFocus: input.initialFocus } : {}),
    });
    trap.activate();
    release = () => trap.deactivate();
  });
  return () => {
    stopWaiting();
    release();
  };
});

export interface ScrollLockEffectInput {
  scrollLock: ScrollLock | undefined;
  owner: string;
  /** Only a modal locks the page. */
  modal: boolean;
}

/** Holds the app's shared scroll lock for `owner` while the invoking state is active. */
export const scrollLockEffect = /* @__PURE__ */ fromCallback<EventObject, ScrollLockEffectInput>(({ input }) => {
  const { scrollLock, owner } = input;
  if (!input.modal || !scrollLock) return undefined;
  scrollLock.lock(owner);
  return () => scrollLock.unlock(owner);
});
