import type { DomPort } from '../platform/types.js';
import { expectObjectWith, readRecord } from '../validate/describe-value.js';

const FOCUSABLE = [
  'a[href]',
  'area[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  'iframe',
  'audio[controls]',
  'video[controls]',
  '[contenteditable=""]',
  '[contenteditable="true"]',
  '[tabindex]',
].join(',');

/** The elements inside `container` that Tab reaches, in document order (positive tabindex is not reordered). */
export function tabbables(dom: DomPort, container: Element): HTMLElement[] {
  expectObjectWith('dom', dom, 'tabbables', ['window']);
  expectObjectWith('container', container, 'tabbables', ['querySelectorAll']);
  const out: HTMLElement[] = [];
  for (const el of Array.from(container.querySelectorAll<HTMLElement>(FOCUSABLE))) {
    if (el.tabIndex < 0 || el.closest('[hidden],[inert]')) continue;
    const style = dom.window.getComputedStyle(el);
    if (style.display === 'none' || style.visibility === 'hidden') continue;
    out.push(el);
  }
  return out;
}

export interface FocusTrapOptions {
  /** The element focused on activation (default: the first tabbable, else the container itself). */
  initialFocus?: () => HTMLElement | null | undefined;
  /** Where focus returns on deactivation (default: the element focused before activation). */
  returnFocus?: () => HTMLElement | null | undefined;
  /** Keep focus inside the container (a modal); false only moves focus in and restores it. Default true. */
  trap?: boolean;
  /** Nodes focus may move to without being pulled back (toast and notification regions). */
  allowOutside?: (target: Element) => boolean;
}

/** Moves focus into a container, keeps Tab inside it while it is the top trap, and restores focus afterwards. */
export interface FocusTrap {
  activate(): void;
  deactivate(options?: { returnFocus?: boolean }): void;
  readonly active: boolean;
}

const isHtmlElement = (el: Element | null): el is HTMLElement => !!el && typeof (el as HTMLElement).focus === 'function';

// One stack per document: only the top trap handles Tab and focus moves, so nested modals behave.
const stacks = new WeakMap<Document, FocusTrap[]>();

/**
 * Creates a focus trap for `container` on the given DOM.
 *
 * @example
 * ```ts
 * const platform = browserPlatform();
 * const trap = createFocusTrap(platform.dom!, document.getElementById('dialog')!);
 * trap.activate(); // focus moves to the first tabbable element inside and Tab stays there
 * trap.deactivate(); // focus goes back to where it was
 * ```
 */
export function createFocusTrap(dom: DomPort, container: HTMLElement, options: FocusTrapOptions = {}): FocusTrap {
  options = readRecord('options', options, 'createFocusTrap');
  expectObjectWith('dom', dom, 'createFocusTrap', ['document', 'window']);
  expectObjectWith('container', container, 'createFocusTrap', ['querySelectorAll', 'contains']);
  const doc = dom.document;
  const trap = options.trap ?? true;
  let active = false;
  let previous: HTMLElement | null = null;
  const stack = stacks.get(doc) ?? [];
  stacks.set(doc, stack);
  const isTop = () => stack[stack.length - 1] === self;

  const focusFirst = () => {
    const target = tabbables(dom, container)[0];
    if (target) target.focus();
    else focusContainer();
  };
  const focusContainer = () => {
    if (!container.hasAttribute('tabindex')) container.setAttribute('tabindex', '-1');
    container.focus();
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (!trap || event.key !== 'Tab' || !isTop()) return;
    const list = tabbables(dom, container);
    if (list.length === 0) {
      event.preventDefault();
      focusContainer();
      return;
    }
    const first = list[0]!;
    const last = list[list.length - 1]!;
    const current = doc.activeElement;
    // contains(null) is false: with nothing focused, focus is outside.
    const inside = container.contains(current);
    if (event.shiftKey && (current === first || current === container || !inside)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && (current === last || !inside)) {
      event.preventDefault();
      first.focus();
    }
  };
  const onFocusIn = (event: FocusEvent) => {
    if (!trap || !isTop()) return;
    const target = event.target as Element | null;
    if (!target || container.contains(target)) return;
    if (options.allowOutside?.(target)) return;
    focusFirst();
  };

  const self: FocusTrap = {
    get active() {
      return active;
    },
    activate() {
      if (active) return;
      active = true;
      const current = doc.activeElement;
      previous = isHtmlElement(current) && current !== doc.body ? current : null;
      stack.push(self);
      doc.addEventListener('keydown', onKeyDown, true);
      doc.addEventListener('focusin', onFocusIn, true);
      const initial = options.initialFocus?.();
      if (initial) initial.focus();
      else focusFirst();
    },
    deactivate(opts = {}) {
      if (!active) return;
      active = false;
      // An active trap is always in the stack: activate put it there, and only this removes it.
      stack.splice(stack.indexOf(self), 1);
      doc.removeEventListener('keydown', onKeyDown, true);
      doc.removeEventListener('focusin', onFocusIn, true);
      if (opts.returnFocus === false) return;
      const target = options.returnFocus?.() ?? previous;
      if (target && target.isConnected) target.focus();
    },
  };
  return self;
}
