import type { DomPort } from '../../../core/platform/types.js';

/** The test's jsdom document (files using it run with `@vitest-environment jsdom`), reset to `html`. */
export function jsdomPort(html = ''): DomPort {
  document.body.innerHTML = html;
  document.body.removeAttribute('style');
  return { window, document };
}

export function key(port: DomPort, k: string, init: KeyboardEventInit = {}): KeyboardEvent {
  const event = new KeyboardEvent('keydown', { key: k, bubbles: true, cancelable: true, ...init });
  (port.document.activeElement ?? port.document.body).dispatchEvent(event);
  return event;
}

export function pointerDown(_port: DomPort, target: Element): void {
  // jsdom has no PointerEvent constructor; a plain Event with the same type reaches the same listeners.
  target.dispatchEvent(new Event('pointerdown', { bubbles: true, cancelable: true }));
}
