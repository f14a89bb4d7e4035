// @vitest-environment jsdom
// The UI services' contract in the cases the journeys do not reach: the layer stack's listeners, refusals and
// guarded callbacks, the focus trap's Tab edges and options, the scroll lock without a scrollbar, the typed
// errors, the shared host, and every refusal with its field.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { memoryPlatform } from '../../../core/platform/index.js';
import {
  assertDialogNode,
  createFocusTrap,
  createLayerCounter,
  createLayerStack,
  createScrollLock,
  createUiHost,
  dialogLayout,
  DIALOG_MOBILE_MAX_HEIGHT,
  DIALOG_MOBILE_MIN_HEIGHT,
  DIALOG_TOP_OFFSET,
  DialogRoleMissingError,
  LoadingTargetMissingError,
  motionPreference,
  SCROLL_RESTORE_DELAY_MS,
  stackOffsets,
  tabbables,
} from '../../../core/ui/index.js';
import { jsdomPort, key, pointerDown } from './dom.js';
import { invalid } from '../../support/invalid-argument.js';

afterEach(() => vi.restoreAllMocks());

describe('layer stack: listeners and refusals', () => {
  it('listens on the document while a layer is open, and stops when the last one closes', () => {
    const port = jsdomPort();
    const add = vi.spyOn(port.document, 'addEventListener');
    const remove = vi.spyOn(port.document, 'removeEventListener');
    const stack = createLayerStack(port);
    const a = stack.push({});
    const b = stack.push({});
    expect(add.mock.calls.map(([type, , capture]) => [type, capture])).toEqual([
      ['keydown', true],
      ['pointerdown', true],
    ]);
    a.remove();
    expect(remove).not.toHaveBeenCalled();
    b.remove();
    b.remove();
    expect(remove.mock.calls.map(([type, , capture]) => [type, capture])).toEqual([
      ['keydown', true],
      ['pointerdown', true],
    ]);
    expect(stack.size).toBe(0);
  });

  it('without a DOM the stack still orders layers and answers events handed to it', () => {
    const stack = createLayerStack(undefined, createLayerCounter(10));
    const seen: string[] = [];
    const a = stack.push({ onEscape: () => seen.push('a') });
    expect(a.zIndex).toBe(11);
    expect(stack.counter.current()).toBe(11);
    expect(stack.handleKeyDown(new KeyboardEvent('keydown', { key: 'Escape' }))).toBe(true);
    expect(stack.handleKeyDown(new KeyboardEvent('keydown', { key: 'Esc' }))).toBe(false);
    expect(seen).toEqual(['a']);
  });

  it('Escape while composing text (an IME) is not for the layers', () => {
    const stack = createLayerStack(undefined);
    const seen: string[] = [];
    stack.push({ onEscape: () => seen.push('closed') });
    expect(stack.handleKeyDown(new KeyboardEvent('keydown', { key: 'Escape', isComposing: true }))).toBe(false);
    expect(seen).toEqual([]);
  });

  it('Escape with no layer open is not taken, and does not stop the event', () => {
    const stack = createLayerStack(undefined);
    const event = new KeyboardEvent('keydown', { key: 'Escape' });
    const stop = vi.spyOn(event, 'stopPropagation');
    expect(stack.handleKeyDown(event)).toBe(false);
    expect(stop).not.toHaveBeenCalled();
  });

  it('the top layer stops Escape from reaching the page', () => {
    const port = jsdomPort();
    const stack = createLayerStack(port);
    const reached: string[] = [];
    port.document.body.addEventListener('keydown', () => reached.push('page'));
    const layer = stack.push({});
    key(port, 'Escape');
    key(port, 'a');
    layer.remove();
    expect(reached).toEqual(['page']);
  });

  it('a throwing onEscape or onOutsideClick is reported and the event still counts as taken', () => {
    const stack = createLayerStack(undefined);
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    stack.push({
      onEscape: () => {
        throw new Error('escape failed');
      },
      onOutsideClick: () => {
        throw new Error('click failed');
      },
    });
    expect(stack.handleKeyDown(new KeyboardEvent('keydown', { key: 'Escape' }))).toBe(true);
    expect(stack.handlePointerDown(new Event('pointerdown'))).toBe(true);
    expect(consoleError.mock.calls.map(([message]) => message)).toEqual(['[exkit] onEscape threw', '[exkit] onOutsideClick threw']);
  });

  it('a node() that throws counts as not containing the target, and is reported', () => {
    const port = jsdomPort('<p id="page"></p>');
    const stack = createLayerStack(port);
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const seen: string[] = [];
    const layer = stack.push({
      node: () => {
        throw new Error('gone');
      },
      onOutsideClick: () => seen.push('outside'),
    });
    pointerDown(port, port.document.getElementById('page')!);
    layer.remove();
    expect(seen).toEqual(['outside']);
    expect(consoleError.mock.calls[0]?.[0]).toBe('[exkit] node threw');
  });

  it('the first element of the composed path is the target (a click inside a shadow root)', () => {
    const port = jsdomPort('<div id="layer"><span id="inside"></span></div><p id="page"></p>');
    const doc = port.document;
    const stack = createLayerStack(port);
    const seen: string[] = [];
    const layer = stack.push({ node: () => doc.getElementById('layer'), onOutsideClick: () => seen.push('outside') });
    const event = { target: doc.getElementById('page'), composedPath: () => [doc.getElementById('inside')] } as unknown as Event;
    expect(stack.handlePointerDown(event)).toBe(false);
    const plain = { target: doc.getElementById('page') } as unknown as Event;
    expect(stack.handlePointerDown(plain)).toBe(true);
    const textTarget = { target: 'page' } as unknown as Event;
    expect(stack.handlePointerDown(textTarget)).toBe(true);
    layer.remove();
    expect(seen).toEqual(['outside', 'outside']);
  });

  it('layers without onOutsideClick are passed over; with none listening the click is not taken', () => {
    const port = jsdomPort('<p id="page"></p>');
    const stack = createLayerStack(port);
    const layer = stack.push({});
    expect(stack.handlePointerDown({ target: port.document.getElementById('page') } as unknown as Event)).toBe(false);
    layer.remove();
  });

  it('a removed branch counts again as outside', () => {
    const port = jsdomPort('<section id="toasts"></section>');
    const stack = createLayerStack(port);
    const seen: string[] = [];
    const layer = stack.push({ onOutsideClick: () => seen.push('outside') });
    const removeBranch = stack.addBranch(() => port.document.getElementById('toasts'));
    pointerDown(port, port.document.getElementById('toasts')!);
    removeBranch();
    pointerDown(port, port.document.getElementById('toasts')!);
    layer.remove();
    expect(seen).toEqual(['outside']);
  });

  it('push, addBranch and the handlers refuse what they cannot use', () => {
    const stack = createLayerStack(undefined);
    expect(() => stack.push(null as never)).toThrow(invalid('options', 'layerStack.push: options must be an object, got null'));
    for (const name of ['node', 'onEscape', 'onOutsideClick'])
      expect(() => stack.push({ [name]: 'x' })).toThrow(
        invalid(`options.${name}`, `layerStack.push: options.${name} must be a function, got "x"`),
      );
    expect(stack.size).toBe(0);
    expect(() => stack.addBranch('#toasts' as never)).toThrow(
      invalid('node', 'layerStack.addBranch: node must be a function giving the branch element, got "#toasts"'),
    );
    expect(() => stack.handleKeyDown(null as never)).toThrow(
      invalid('event', 'layerStack.handleKeyDown: event must be a keyboard event, got null'),
    );
    expect(() => stack.handlePointerDown([] as never)).toThrow(
      invalid('event', 'layerStack.handlePointerDown: event must be a pointer event, got an array'),
    );
    const hostile = Object.defineProperty({}, 'key', {
      get() {
        throw new Error('trap');
      },
    });
    expect(() => stack.handleKeyDown(hostile as never)).toThrow(invalid('event'));
  });

  it('removing a layer twice leaves the others in place', () => {
    const stack = createLayerStack(undefined);
    const a = stack.push({});
    const b = stack.push({});
    a.remove();
    a.remove();
    expect(stack.size).toBe(1);
    expect(b.isTop()).toBe(true);
  });

  it('an event whose fields cannot be read, or that cannot be stopped, is named', () => {
    const stack = createLayerStack(undefined);
    const hostileKey = Object.defineProperty({}, 'key', {
      get() {
        throw new Error('trap');
      },
    });
    expect(() => stack.handleKeyDown(hostileKey as never)).toThrow(
      invalid('event', 'layerStack.handleKeyDown: event must be a keyboard event, got an object'),
    );
    stack.push({});
    const unstoppable = {
      key: 'Escape',
      isComposing: false,
      stopPropagation() {
        throw new Error('no');
      },
    };
    expect(() => stack.handleKeyDown(unstoppable as never)).toThrow(
      invalid('event', 'layerStack.handleKeyDown: event must be a keyboard event, got an object'),
    );
    const brokenPath = {
      composedPath() {
        throw new Error('no');
      },
    };
    expect(() => stack.handlePointerDown(brokenPath as never)).toThrow(
      invalid('event', 'layerStack.handlePointerDown: event must be a pointer event, got an object'),
    );
  });

  it('bringToFront of a removed layer changes nothing', () => {
    const stack = createLayerStack(undefined);
    const a = stack.push({});
    const b = stack.push({});
    a.remove();
    a.bringToFront();
    expect(a.zIndex).toBe(2001);
    expect(stack.size).toBe(1);
    expect(b.isTop()).toBe(true);
    expect(a.isTop()).toBe(false);
  });
});

const TRAP_HTML = `
  <button id="opener">open</button>
  <div id="dialog"><button id="first">a</button><button id="last">b</button></div>
  <button id="outside">o</button>
`;

describe('focus trap: edges and options', () => {
  it('Tab from outside the container goes to the first element, Shift+Tab from the first or the container to the last', () => {
    const port = jsdomPort(TRAP_HTML);
    const doc = port.document;
    const dialog = doc.getElementById('dialog')!;
    const trap = createFocusTrap(port, dialog, { allowOutside: (target) => target.id === 'outside' });
    trap.activate();
    doc.getElementById('outside')!.focus();
    expect(doc.activeElement?.id).toBe('outside');
    expect(key(port, 'Tab').defaultPrevented).toBe(true);
    expect(doc.activeElement?.id).toBe('first');
    expect(key(port, 'Tab', { shiftKey: true }).defaultPrevented).toBe(true);
    expect(doc.activeElement?.id).toBe('last');
    dialog.setAttribute('tabindex', '-1');
    dialog.focus();
    expect(key(port, 'Tab', { shiftKey: true }).defaultPrevented).toBe(true);
    expect(doc.activeElement?.id).toBe('last');
    doc.getElementById('outside')!.focus();
    expect(key(port, 'Tab', { shiftKey: true }).defaultPrevented).toBe(true);
    expect(doc.activeElement?.id).toBe('last');
    trap.deactivate();
  });

  it('Tab between inner elements is left to the browser; other keys are ignored', () => {
    const port = jsdomPort(TRAP_HTML);
    const doc = port.document;
    const trap = createFocusTrap(port, doc.getElementById('dialog')!);
    trap.activate();
    expect(key(port, 'Tab').defaultPrevented).toBe(false);
    doc.getElementById('last')!.focus();
    expect(key(port, 'Tab', { shiftKey: true }).defaultPrevented).toBe(false);
    expect(key(port, 'Enter').defaultPrevented).toBe(false);
    trap.deactivate();
  });

  it('an empty container keeps Tab on itself, and keeps an existing tabindex', () => {
    const port = jsdomPort('<div id="empty" tabindex="0"></div>');
    const empty = port.document.getElementById('empty')!;
    const trap = createFocusTrap(port, empty);
    trap.activate();
    expect(port.document.activeElement).toBe(empty);
    expect(key(port, 'Tab').defaultPrevented).toBe(true);
    expect(port.document.activeElement).toBe(empty);
    expect(empty.getAttribute('tabindex')).toBe('0');
    trap.deactivate();
  });

  it('trap: false moves focus in and back, but neither holds Tab nor pulls focus back', () => {
    const port = jsdomPort(TRAP_HTML);
    const doc = port.document;
    doc.getElementById('opener')!.focus();
    const trap = createFocusTrap(port, doc.getElementById('dialog')!, { trap: false });
    trap.activate();
    expect(doc.activeElement?.id).toBe('first');
    doc.getElementById('last')!.focus();
    expect(key(port, 'Tab').defaultPrevented).toBe(false);
    doc.getElementById('outside')!.focus();
    expect(doc.activeElement?.id).toBe('outside');
    trap.deactivate();
    expect(doc.activeElement?.id).toBe('opener');
  });

  it('focus leaving for an element allowOutside accepts stays there; any other is pulled back to the first', () => {
    const port = jsdomPort(TRAP_HTML);
    const doc = port.document;
    const allowed: string[] = [];
    const trap = createFocusTrap(port, doc.getElementById('dialog')!, {
      allowOutside: (target) => (allowed.push(target.id), target.id === 'outside'),
    });
    trap.activate();
    doc.getElementById('outside')!.focus();
    expect(doc.activeElement?.id).toBe('outside');
    doc.getElementById('opener')!.focus();
    expect(doc.activeElement?.id).toBe('first');
    expect(allowed).toEqual(['outside', 'opener']);
    trap.deactivate({ returnFocus: false });
  });

  it('listeners come off by name on deactivate; after an inner trap closes the outer one holds Tab again', () => {
    const port = jsdomPort(TRAP_HTML + '<div id="inner"><button id="inner-btn">x</button></div>');
    const doc = port.document;
    const remove = vi.spyOn(doc, 'removeEventListener');
    const outer = createFocusTrap(port, doc.getElementById('dialog')!);
    outer.activate();
    const inner = createFocusTrap(port, doc.getElementById('inner')!);
    inner.activate();
    inner.deactivate({ returnFocus: false });
    expect(remove.mock.calls.map(([type, , capture]) => [type, capture])).toEqual([
      ['keydown', true],
      ['focusin', true],
    ]);
    doc.getElementById('last')!.focus();
    expect(key(port, 'Tab').defaultPrevented).toBe(true);
    expect(doc.activeElement?.id).toBe('first');
    outer.deactivate();
  });

  it('initialFocus and returnFocus choose where focus goes', () => {
    const port = jsdomPort(TRAP_HTML);
    const doc = port.document;
    doc.getElementById('opener')!.focus();
    const trap = createFocusTrap(port, doc.getElementById('dialog')!, {
      initialFocus: () => doc.getElementById('last'),
      returnFocus: () => doc.getElementById('outside'),
    });
    trap.activate();
    expect(doc.activeElement?.id).toBe('last');
    trap.deactivate();
    expect(doc.activeElement?.id).toBe('outside');
  });

  it('activate and deactivate twice act once; focus does not return to an element no longer in the page', () => {
    const port = jsdomPort(TRAP_HTML);
    const doc = port.document;
    const opener = doc.getElementById('opener')!;
    opener.focus();
    const trap = createFocusTrap(port, doc.getElementById('dialog')!);
    trap.activate();
    doc.getElementById('last')!.focus();
    trap.activate();
    expect(doc.activeElement?.id).toBe('last');
    expect(trap.active).toBe(true);
    opener.remove();
    trap.deactivate();
    expect(trap.active).toBe(false);
    expect(doc.activeElement?.id).toBe('last');
    trap.deactivate();
    expect(trap.active).toBe(false);
  });

  it('focus before activation on the body is not returned to', () => {
    const port = jsdomPort(TRAP_HTML);
    const doc = port.document;
    (doc.activeElement as HTMLElement | null)?.blur();
    expect(doc.activeElement).toBe(doc.body);
    const trap = createFocusTrap(port, doc.getElementById('dialog')!);
    trap.activate();
    trap.deactivate();
    expect(doc.activeElement?.id).toBe('first');
  });

  it('tabbables take links, form fields, frames and tabindex elements, and skip what is hidden, inert or not shown', () => {
    const port = jsdomPort(`<div id="c">
      <a id="link" href="#">l</a><a id="nolink">n</a>
      <input id="text"><input type="hidden" id="hidden-input"><input disabled id="disabled-input">
      <select id="select"></select><textarea id="area"></textarea><textarea disabled id="disabled-area"></textarea>
      <span tabindex="0" id="span"></span><span tabindex="-1" id="minus"></span>
      <div hidden><button id="in-hidden">x</button></div><div inert><button id="in-inert">x</button></div>
      <button style="display:none" id="none">x</button><button style="visibility:hidden" id="invisible">x</button>
      <audio id="silent"></audio><iframe id="frame"></iframe>
    </div>`);
    expect(tabbables(port, port.document.getElementById('c')!).map((e) => e.id)).toEqual([
      'link',
      'text',
      'select',
      'area',
      'span',
      'frame',
    ]);
  });

  it('refuses a DOM or container without what it needs', () => {
    const port = jsdomPort(TRAP_HTML);
    const dialog = port.document.getElementById('dialog')!;
    expect(() => tabbables({} as never, dialog)).toThrow(invalid('dom.window'));
    expect(() => tabbables(port, {} as never)).toThrow(invalid('container.querySelectorAll'));
    expect(() => createFocusTrap({ window } as never, dialog)).toThrow(invalid('dom.document'));
    expect(() => createFocusTrap(port, { querySelectorAll: () => [] } as never)).toThrow(invalid('container.contains'));
    expect(() => createFocusTrap(port, dialog, null as never)).toThrow(invalid('options'));
  });
});

describe('scroll lock: corner cases', () => {
  it('without a scrollbar the padding is left alone; the lock marks the body while held', () => {
    const port = jsdomPort();
    Object.defineProperty(port.window, 'innerWidth', { value: 1000, configurable: true });
    Object.defineProperty(port.document.documentElement, 'clientWidth', { value: 1000, configurable: true });
    const platform = memoryPlatform();
    const lock = createScrollLock(port, platform.timers);
    port.document.body.style.paddingRight = '1em';
    lock.lock('a');
    expect(port.document.body.style.paddingRight).toBe('1em');
    expect(port.document.body.getAttribute('data-scroll-locked')).toBe('');
    lock.unlock('a');
    platform.advance(SCROLL_RESTORE_DELAY_MS);
    expect(port.document.body.hasAttribute('data-scroll-locked')).toBe(false);
  });

  it('a second lock does not save the locked styles as the ones to restore', () => {
    const port = jsdomPort();
    const platform = memoryPlatform();
    const lock = createScrollLock(port, platform.timers, { restoreDelayMs: 10 });
    port.document.body.style.overflow = 'scroll';
    lock.lock('a');
    lock.lock('b');
    lock.unlock('a');
    lock.unlock('b');
    expect(lock.locked).toBe(true);
    platform.advance(10);
    expect(port.document.body.style.overflow).toBe('scroll');
    expect(lock.locked).toBe(false);
    expect(platform.timers.pendingCount).toBe(0);
  });

  it('a lock during the restore delay cancels the pending restore', () => {
    const platform = memoryPlatform();
    const lock = createScrollLock(undefined, platform.timers);
    lock.lock('a');
    lock.unlock('a');
    expect(platform.timers.pendingCount).toBe(1);
    lock.lock('b');
    expect(platform.timers.pendingCount).toBe(0);
    expect(lock.locked).toBe(true);
    lock.unlock('b');
    platform.advance(SCROLL_RESTORE_DELAY_MS);
    expect(lock.locked).toBe(false);
  });

  it('without a DOM it only counts holders, and restores nothing', () => {
    const platform = memoryPlatform();
    const lock = createScrollLock(undefined, platform.timers, { restoreDelayMs: 0 });
    lock.lock('a');
    expect(lock.holderCount).toBe(1);
    lock.unlock('a');
    expect(lock.holderCount).toBe(0);
    platform.advance(0);
    expect(lock.locked).toBe(false);
  });

  it('options that are not an object are refused', () => {
    expect(() => createScrollLock(undefined, memoryPlatform().timers, null as never)).toThrow(invalid('options'));
  });
});

describe('the shared UI host', () => {
  it('one counter, stack and scroll lock per app, from the base or the counter given', () => {
    const platform = memoryPlatform();
    const port = jsdomPort();
    const host = createUiHost({ dom: port, timers: platform.timers });
    expect(host.dom).toBe(port);
    expect(host.layers.current()).toBe(2000);
    expect(host.stack.counter).toBe(host.layers);
    const layer = host.stack.push({});
    expect(layer.zIndex).toBe(2001);
    layer.remove();
    expect(createUiHost({ dom: undefined, timers: platform.timers, layerBase: 50 }).layers.next()).toBe(51);
    const shared = createLayerCounter(7);
    expect(createUiHost({ dom: undefined, timers: platform.timers, layers: shared }).layers).toBe(shared);
  });

  it('the scroll lock takes the restore delay given, 200 ms by default', () => {
    const platform = memoryPlatform();
    const quick = createUiHost({ dom: undefined, timers: platform.timers, scrollRestoreDelayMs: 5 }).scrollLock;
    const usual = createUiHost({ dom: undefined, timers: platform.timers }).scrollLock;
    quick.lock('a');
    usual.lock('a');
    quick.unlock('a');
    usual.unlock('a');
    platform.advance(5);
    expect(quick.locked).toBe(false);
    expect(usual.locked).toBe(true);
    platform.advance(194);
    expect(usual.locked).toBe(true);
    platform.advance(1);
    expect(usual.locked).toBe(false);
  });

  it('options that are not an object are refused', () => {
    expect(() => createUiHost(null as never)).toThrow(invalid('options'));
  });
});

describe('typed UI errors', () => {
  it('DialogRoleMissingError names what was found instead', () => {
    const error = new DialogRoleMissingError('button');
    expect(error).toMatchObject({
      name: 'DialogRoleMissingError',
      code: 'DIALOG_ROLE_MISSING',
      msg: 'A dialog needs a node with role="dialog" (or "alertdialog").',
      extra: { found: 'button' },
    });
    expect(new DialogRoleMissingError().extra).toBeUndefined();
  });

  it('LoadingTargetMissingError says which part is missing', () => {
    expect(new LoadingTargetMissingError('target')).toMatchObject({
      name: 'LoadingTargetMissingError',
      code: 'LOADING_TARGET_MISSING',
      msg: 'A loading overlay needs a target instance.',
      extra: { missing: 'target' },
    });
    expect(new LoadingTargetMissingError('callback')).toMatchObject({
      code: 'LOADING_CALLBACK_MISSING',
      msg: 'A loading overlay needs a removal callback.',
      extra: { missing: 'callback' },
    });
  });

  it('assertDialogNode names the role or the tag it found', () => {
    const { document: doc } = jsdomPort(
      '<div id="r" role="button"></div><span id="s"></span><dialog id="d" role="button"></dialog><dialog id="e" role=""></dialog>',
    );
    expect(() => assertDialogNode(doc.getElementById('r'))).toThrow(expect.objectContaining({ extra: { found: 'button' } }));
    expect(() => assertDialogNode(doc.getElementById('s'))).toThrow(expect.objectContaining({ extra: { found: 'span' } }));
    expect(() => assertDialogNode(doc.getElementById('d'))).toThrow(expect.objectContaining({ extra: { found: 'button' } }));
    expect(assertDialogNode(doc.getElementById('e'))).toBe(doc.getElementById('e'));
    expect(() => assertDialogNode(undefined)).toThrow(expect.objectContaining({ name: 'DialogRoleMissingError', extra: undefined }));
    expect(() => assertDialogNode({ tagName: 'DIV' } as never)).toThrow(invalid('node.getAttribute'));
    const hostile = {
      getAttribute() {
        throw new Error('trap');
      },
    };
    expect(() => assertDialogNode(hostile as never)).toThrow(invalid('node', expect.stringContaining('a DOM element')));
  });
});

describe('layout helpers: refusals and options', () => {
  it('dialog layout constants and a custom mobile breakpoint', () => {
    expect([DIALOG_TOP_OFFSET, DIALOG_MOBILE_MAX_HEIGHT, DIALOG_MOBILE_MIN_HEIGHT]).toEqual(['15vh', '80vh', '30vh']);
    expect(dialogLayout({ viewportWidth: 900, mobileBreakpoint: 1000 })).toEqual({
      width: '480px',
      maxWidth: '100%',
      marginTop: '15vh',
      mobile: true,
      maxHeight: '80vh',
      minHeight: '30vh',
    });
    expect(dialogLayout({ viewportWidth: 1000, mobileBreakpoint: 1000, size: 'small' })).toEqual({
      width: '396px',
      maxWidth: '100%',
      marginTop: '15vh',
      mobile: false,
    });
    expect(dialogLayout({ viewportWidth: 1000, size: 'large' }).width).toBe('640px');
    expect(() => dialogLayout(null as never)).toThrow(invalid('options'));
  });

  it('stackOffsets refuses what is not a number, naming it', () => {
    expect(() => stackOffsets('1,2' as never, 0, 0)).toThrow(
      invalid('heights', 'stackOffsets: heights must be an array of numbers, got "1,2"'),
    );
    expect(() => stackOffsets([1], '0' as never, 0)).toThrow(invalid('start', 'stackOffsets: start must be a number, got "0"'));
    expect(() => stackOffsets([1], 0, null as never)).toThrow(invalid('gap', 'stackOffsets: gap must be a number, got null'));
    expect(() => stackOffsets([1, '2'] as never, 0, 0)).toThrow(
      invalid('heights', 'stackOffsets: heights must be an array of numbers, got an array'),
    );
    expect(stackOffsets([10], 5, 3)).toEqual([5]);
  });

  it('motion subscribe refuses a listener that is not a function', () => {
    expect(() => motionPreference(memoryPlatform()).subscribe(1 as never)).toThrow(
      invalid('listener', 'motion.subscribe: listener must be a function, got 1'),
    );
  });
});
