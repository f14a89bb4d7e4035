import { createRequire } from 'node:module';
import { describe, expect, it, vi } from 'vitest';
import { createActor, sendTo, setup, SimulatedClock } from 'xstate';
import { Subject } from 'rxjs';
import { ExkitError, InvalidArgumentError, UserCallbackError } from '../../core/errors/index.js';
import { memoryPlatform } from '../../core/platform/index.js';
import type { DomPort } from '../../core/platform/types.js';
import { createLayerCounter, createLayerStack, fixedMotion, REDUCED_MOTION_QUERY } from '../../core/ui/index.js';
import { ACTOR_ERROR_EVENT, logErrorEvent, takeErrorEvents } from '../../machines/error-events.js';
import { MissingFetcherError, MissingSecurityError, RiskTokenEmptyError } from '../../machines/errors.js';
import { appHost, appLayers, appToaster, toasterInputOf } from '../../machines/app-host.js';
import {
  configureRootToaster,
  createLoadingOverlays,
  createMessageBoxApi,
  createToastApi,
  createUiKit,
  hasRootToaster,
  messageBoxQueueMachine,
  rootToaster,
  toast,
  TOAST_TYPES,
  toasterMachine,
} from '../../machines/index.js';
import {
  branchEffect,
  DOM_PORT,
  findNode,
  focusTrapEffect,
  LAYER_NODE_INVALID_EVENT,
  LAYER_STACK,
  layerEffect,
  NODE_ATTRIBUTE,
  REGION_INPUT_RULES,
  REGION_LAYER,
  regionBranchInput,
  regionContextOf,
  regionGuards,
  regionLayerInput,
  scrollLockEffect,
  whenElement,
} from '../../machines/ui-effects.js';

describe('ui kit', () => {
  it('toasts fired before the app mounts stay on the root toaster the app adopts, with one shared counter', () => {
    configureRootToaster({});
    const early = toast.info('Welcome');
    const platform = memoryPlatform({ media: ['(prefers-reduced-motion: reduce)'] });
    const kit = createUiKit(platform);
    expect(kit.toaster).toBe(rootToaster());
    expect(kit.toaster.getSnapshot().context.items.map((i) => i.id)).toContain(early);
    // The root toaster, made before the platform was known, joined the app's layer stack: its region is a layer now.
    expect(kit.toaster.getSnapshot().context.stack).toBe(kit.host.stack);
    expect(kit.host.stack.size).toBe(1);
    const later = kit.toast.success('Saved');
    expect(later).not.toBe(early);
    expect(kit.host.layers).toBe(kit.toaster.getSnapshot().context.layers);
    expect(kit.motion.reduced).toBe(true);
    platform.setVisibility('hidden');
    expect(kit.toaster.getSnapshot().context.pageHidden).toBe(true);
    kit.dispose();
    configureRootToaster({});
  });

  it('an isolated kit gets its own toaster on the platform timers, sharing its layers with dialogs', () => {
    const platform = memoryPlatform();
    const kit = createUiKit(platform, { isolatedToaster: true });
    expect(kit.toaster).not.toBe(rootToaster());
    kit.toast('x');
    platform.advance(3000);
    expect(kit.toaster.getSnapshot().context.items).toEqual([]);
    // The toast took 2001 and the toast region's layer 2002, both from the kit's counter.
    expect(kit.host.layers.current()).toBe(2002);
    expect(kit.motion.reduced).toBe(false);
    kit.dispose();
  });

  it('dispose() stops the kit: its notifier, message-box queue and own toaster stop', () => {
    const kit = createUiKit(memoryPlatform(), { isolatedToaster: true });
    kit.dispose();
    expect(kit.notifier.getSnapshot().status).toBe('stopped');
    expect(kit.messageBoxQueue.getSnapshot().status).toBe('stopped');
    expect(kit.toaster.getSnapshot().status).toBe('stopped');
  });

  it('"Respect prefers-reduced-motion", followed live: the next box and overlay after a change skip their transitions', () => {
    const platform = memoryPlatform();
    const kit = createUiKit(platform, { isolatedToaster: true });
    const transitionOf = (index: number) => kit.messageBoxQueue.getSnapshot().context.boxes[index]!.ref.getSnapshot().context.transitionMs;
    void kit.messageBox.alert('before', { transitionMs: 300 });
    expect(transitionOf(0)).toBe(300);
    platform.setMedia(REDUCED_MOTION_QUERY, true);
    expect(kit.motion.reduced).toBe(true);
    // Reduced motion wins over the transition a call asks for.
    void kit.messageBox.alert('after', { transitionMs: 300 });
    expect(transitionOf(1)).toBe(0);
    let removed = 0;
    kit.loading.show('orders', () => removed++)();
    platform.advance(0);
    expect(removed).toBe(1);
    platform.setMedia(REDUCED_MOTION_QUERY, false);
    kit.loading.show('orders', () => removed++)();
    platform.advance(299);
    expect(removed).toBe(1);
    platform.advance(1);
    expect(removed).toBe(2);
    kit.dispose();
  });

  it("the app's reducedMotion option replaces the platform setting", () => {
    const platform = memoryPlatform({ media: [REDUCED_MOTION_QUERY] });
    const kit = createUiKit(platform, { isolatedToaster: true, reducedMotion: false });
    void kit.messageBox.confirm('keep the motion');
    expect(kit.motion.reduced).toBe(false);
    expect(kit.messageBoxQueue.getSnapshot().context.boxes[0]!.ref.getSnapshot().context.transitionMs).toBe(200);
    kit.dispose();
  });

  it('stop() leaves nothing pending: open boxes resolve as closed, overlays are removed once, and no timer of the kit runs after', async () => {
    const platform = memoryPlatform();
    const kit = createUiKit(platform, { isolatedToaster: true });
    const boxes = [kit.messageBox.confirm('a'), kit.messageBox.prompt('b')];
    let removed = 0;
    kit.loading.show('table', () => void removed++);
    kit.toast('x');
    kit.notifier.send({ type: 'NOTIFY', notification: { id: 'n', message: 'm' } });
    kit.dispose();
    await expect(Promise.all(boxes)).resolves.toEqual([{ action: 'close' }, { action: 'close' }]);
    expect(removed).toBe(1);
    expect(kit.loading.get('table')).toBeUndefined();
    const snapshots = [kit.toaster, kit.notifier, kit.messageBoxQueue].map((a) => a.getSnapshot());
    // Only the shared scroll lock's restore (a host service, not the kit's) may still be due.
    platform.advance(2 ** 31 - 1);
    expect([kit.toaster, kit.notifier, kit.messageBoxQueue].map((a) => a.getSnapshot())).toEqual(snapshots);
    expect(removed).toBe(1);
    expect(platform.reports).toEqual([]);
  });

  it('malformed kit options are an InvalidArgumentError naming the option, before anything is created', () => {
    const platform = memoryPlatform();
    expect(() => createUiKit(platform, { reducedMotion: 'yes' as never })).toThrow(
      expect.objectContaining({ name: 'InvalidArgumentError', extra: { field: 'options.reducedMotion', value: 'yes' } }),
    );
    expect(() => createUiKit(platform, { isolatedToaster: true, toaster: { maxVisible: 0 } })).toThrow(
      expect.objectContaining({ name: 'InvalidArgumentError', extra: { field: 'options.toaster.maxVisible', value: 0 } }),
    );
    expect(() => createUiKit({} as never)).toThrow(
      expect.objectContaining({ name: 'InvalidArgumentError', extra: { field: 'platform', value: {} } }),
    );
  });

  it('configureRootToaster refuses a malformed input with InvalidArgumentError and keeps the current root and its toasts', () => {
    configureRootToaster({});
    const id = toast.info('kept');
    const before = rootToaster();
    expect(() => configureRootToaster({ input: { duration: 2 ** 40 } })).toThrow(
      expect.objectContaining({ name: 'InvalidArgumentError', extra: { field: 'input.duration', value: 2 ** 40 } }),
    );
    expect(() => configureRootToaster({ clock: {} as never })).toThrow(
      expect.objectContaining({ name: 'InvalidArgumentError', extra: { field: 'clock', value: {} } }),
    );
    expect(rootToaster()).toBe(before);
    expect(before.getSnapshot().context.items.map((i) => i.id)).toContain(id);
    configureRootToaster({});
  });
});

/** The InvalidArgumentError `call` throws (the test fails on any other outcome). */
function invalid(call: () => unknown): InvalidArgumentError {
  try {
    call();
  } catch (error) {
    expect(error).toBeInstanceOf(InvalidArgumentError);
    return error as InvalidArgumentError;
  }
  throw new Error('no error was thrown');
}

/** jsdom, loaded as the node project loads any package (it ships no types of its own). */
const { JSDOM } = createRequire(import.meta.url)('jsdom') as {
  JSDOM: new (html: string) => { window: Window & typeof globalThis };
};

/** A jsdom document of its own (this file runs under node): the DOM port the effects take. */
function domOf(html: string): DomPort & { window: Window & typeof globalThis } {
  const { window } = new JSDOM(`<!doctype html><body>${html}</body>`);
  return { window, document: window.document };
}

describe("the machines' error classes", () => {
  it('each has its name, code and message', () => {
    const cases: Array<[ExkitError, string, string, string]> = [
      [new RiskTokenEmptyError(), 'RiskTokenEmptyError', 'RISK_TOKEN_EMPTY', 'The device service returned an empty risk token.'],
      [
        new MissingFetcherError(),
        'MissingFetcherError',
        'MISSING_FETCHER',
        'the risk-token machine needs input.fetchToken or a provided fetchToken actor',
      ],
      [new MissingSecurityError(), 'MissingSecurityError', 'MISSING_SECURITY', 'signing init needs input.security or provided actors'],
    ];
    for (const [error, name, code, message] of cases) {
      expect(error).toBeInstanceOf(ExkitError);
      expect([error.name, error.code, error.message]).toStrictEqual([name, code, message]);
    }
  });
});

describe('error events a machine takes instead of failing', () => {
  it("logs through the context's reporter, as actorErrorEvent with the event's type and error", () => {
    const reports: unknown[] = [];
    const errors = {
      report(this: unknown, report: unknown) {
        expect(this).toBe(errors);
        reports.push(report);
      },
    };
    const cause = new Error('forged');
    logErrorEvent({ context: { errors }, event: { type: 'xstate.error.actor.x', error: cause } as never });
    expect(ACTOR_ERROR_EVENT).toBe('actorErrorEvent');
    expect(reports).toStrictEqual([{ event: 'actorErrorEvent', message: 'xstate.error.actor.x', error: cause }]);
  });

  it("falls back to the context's report function; without either it does nothing; a throwing reporter is swallowed", () => {
    const reports: unknown[] = [];
    logErrorEvent({
      context: { errors: { report: 'no' }, report: (r: unknown) => void reports.push(r) },
      event: { type: 'xstate.error.y' },
    });
    expect(reports).toStrictEqual([{ event: 'actorErrorEvent', message: 'xstate.error.y', error: undefined }]);
    expect(() => logErrorEvent({ context: {}, event: { type: 'xstate.error.z' } })).not.toThrow();
    expect(() => logErrorEvent({ context: undefined, event: { type: 'xstate.error.z' } })).not.toThrow();
    expect(() =>
      logErrorEvent({
        context: {
          report: () => {
            throw new Error('reporter down');
          },
        },
        event: { type: 'xstate.error.z' },
      }),
    ).not.toThrow();
  });

  it('a machine with takeErrorEvents stays active through a forged error event and logs it', () => {
    const reports: unknown[] = [];
    const machine = setup({}).createMachine({ context: { report: (r: unknown) => void reports.push(r) }, on: takeErrorEvents });
    const actor = createActor(machine).start();
    actor.send({ type: 'xstate.error.actor.forged', error: 'bad' } as never);
    expect(actor.getSnapshot().status).toBe('active');
    expect(reports).toStrictEqual([{ event: 'actorErrorEvent', message: 'xstate.error.actor.forged', error: 'bad' }]);
  });
});

describe('the DOM effects the UI machines invoke', () => {
  it('findNode finds a node by id, else by data-exkit-node (quotes, backslashes and control characters escaped)', () => {
    const dom = domOf('<div id="a">A</div>');
    for (const [node, text] of [
      ['b"q\\z', 'B'],
      ['line\ntwo', 'C'],
    ]) {
      const element = dom.document.createElement('div');
      element.setAttribute('data-exkit-node', node!);
      element.textContent = text!;
      dom.document.body.append(element);
    }
    expect(findNode(dom.document, 'a')?.textContent).toBe('A');
    expect(findNode(dom.document, 'b"q\\z')?.textContent).toBe('B');
    expect(findNode(dom.document, 'line\ntwo')?.textContent).toBe('C');
    expect(findNode(dom.document, 'none')).toBeNull();
    expect(NODE_ATTRIBUTE).toBe('data-exkit-node');
    expect(invalid(() => findNode({} as never, 'a')).extra).toMatchObject({ field: 'doc' });
    expect(invalid(() => findNode(dom.document, 5 as never)).extra).toMatchObject({ field: 'id' });
    const broken = {
      getElementById: () => {
        throw new Error('detached');
      },
      querySelector: () => null,
    };
    expect(invalid(() => findNode(broken as never, 'a')).message).toMatch(/^findNode: doc must be a document/);
  });

  it('whenElement calls back at once for a shown node, else once it is added or shown; the stop ends the watch', async () => {
    const dom = domOf('<div id="now">x</div><section hidden><div id="later">y</div></section>');
    const found: string[] = [];
    whenElement(dom, 'now', (el) => void found.push(el.id));
    expect(found).toStrictEqual(['now']);
    whenElement(dom, 'later', (el) => void found.push(el.id));
    const added: string[] = [];
    whenElement(dom, 'added', (el) => void added.push(el.id));
    const stopped: string[] = [];
    const stop = whenElement(dom, 'stopped', (el) => void stopped.push(el.id));
    stop();
    expect(found).toStrictEqual(['now']);
    dom.document.querySelector('section')!.removeAttribute('hidden');
    const node = dom.document.createElement('div');
    node.id = 'added';
    dom.document.body.append(node);
    const other = dom.document.createElement('div');
    other.id = 'stopped';
    dom.document.body.append(other);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(found).toStrictEqual(['now', 'later']);
    expect(added).toStrictEqual(['added']);
    expect(stopped).toStrictEqual([]);
    // Without a MutationObserver there is nothing to wait with: the call returns a no-op stop.
    const bare = { document: dom.document, window: {} } as unknown as DomPort;
    const none: string[] = [];
    const noop = whenElement(bare, 'absent', (el) => void none.push(el.id));
    expect(noop()).toBeUndefined();
    expect(invalid(() => whenElement({} as never, 'a', () => undefined)).extra).toMatchObject({ field: 'dom.document' });
    expect(invalid(() => whenElement(dom, 1 as never, () => undefined)).extra).toMatchObject({ field: 'id' });
    expect(invalid(() => whenElement(dom, 'a', 'f' as never)).extra).toMatchObject({ field: 'found' });
  });

  it('layerEffect pushes a layer while running: Escape and outside clicks come back as its events; layer.front raises it', () => {
    const dom = domOf('<div id="panel">in</div><div id="out">out</div>');
    const stack = createLayerStack(dom);
    const events: string[] = [];
    const machine = setup({ actors: { layer: layerEffect } }).createMachine({
      initial: 'open',
      states: {
        open: {
          invoke: {
            id: 'l',
            src: 'layer',
            input: { stack, dom, nodeId: 'panel', escape: { type: 'ESC' }, outside: { type: 'OUT' } },
          },
          on: {
            ESC: { actions: () => void events.push('esc') },
            OUT: { actions: () => void events.push('out') },
            FRONT: { actions: sendTo('l', { type: 'layer.front' }) },
            CLOSE: 'closed',
          },
        },
        closed: {},
      },
    });
    const actor = createActor(machine).start();
    expect(stack.size).toBe(1);
    const other = stack.push({});
    expect(other.isTop()).toBe(true);
    actor.send({ type: 'FRONT' });
    expect(other.isTop()).toBe(false);
    other.remove();
    const escape = new dom.window.KeyboardEvent('keydown', { key: 'Escape', cancelable: true });
    expect(stack.handleKeyDown(escape)).toBe(true);
    const inside = new dom.window.Event('pointerdown');
    Object.defineProperty(inside, 'target', { value: dom.document.getElementById('panel') });
    stack.handlePointerDown(inside);
    const outside = new dom.window.Event('pointerdown');
    Object.defineProperty(outside, 'target', { value: dom.document.getElementById('out') });
    stack.handlePointerDown(outside);
    expect(events).toStrictEqual(['esc', 'out']);
    actor.send({ type: 'CLOSE' });
    expect(stack.size).toBe(0);
  });

  it('a layer without escape or outside events sends nothing; without a stack nothing is pushed', () => {
    const stack = createLayerStack(undefined);
    const sent: string[] = [];
    const machine = setup({ actors: { layer: layerEffect } }).createMachine({
      invoke: { src: 'layer', input: { stack, dom: undefined, nodeId: 'n' } },
      on: { '*': { actions: ({ event }) => void sent.push(event.type) } },
    });
    const actor = createActor(machine).start();
    expect(stack.size).toBe(1);
    stack.handleKeyDown({ key: 'Escape', preventDefault() {}, stopPropagation() {} } as unknown as KeyboardEvent);
    expect(sent).toStrictEqual([]);
    actor.stop();
    expect(stack.size).toBe(0);
    const bare = setup({ actors: { layer: layerEffect } }).createMachine({
      invoke: { src: 'layer', input: { stack: undefined, dom: undefined, nodeId: 'n' } },
    });
    expect(createActor(bare).start().getSnapshot().status).toBe('active');
  });

  it('branchEffect registers the node as a branch while running: a click in it is not outside the layer below', () => {
    const dom = domOf('<div id="modal">m</div><div id="toasts">t</div>');
    const stack = createLayerStack(dom);
    const outside: string[] = [];
    stack.push({ node: () => dom.document.getElementById('modal'), onOutsideClick: () => void outside.push('outside') });
    const machine = setup({ actors: { branch: branchEffect } }).createMachine({
      initial: 'on',
      states: { on: { invoke: { src: 'branch', input: { stack, dom, nodeId: 'toasts' } }, on: { OFF: 'off' } }, off: {} },
    });
    const actor = createActor(machine).start();
    const click = () => {
      const event = new dom.window.Event('pointerdown');
      Object.defineProperty(event, 'target', { value: dom.document.getElementById('toasts') });
      stack.handlePointerDown(event);
    };
    click();
    expect(outside).toStrictEqual([]);
    actor.send({ type: 'OFF' });
    click();
    expect(outside).toStrictEqual(['outside']);
    const none = setup({ actors: { branch: branchEffect } }).createMachine({
      invoke: { src: 'branch', input: { stack: undefined, dom, nodeId: 'x' } },
    });
    expect(createActor(none).start().getSnapshot().status).toBe('active');
  });

  it('focusTrapEffect moves focus in once the node shows and back when stopped; a failed check is reported and focus stays', () => {
    const dom = domOf('<button id="opener">o</button><div id="box"><button id="first">1</button><button id="second">2</button></div>');
    (dom.document.getElementById('opener') as HTMLElement).focus();
    const reports: Array<{ event: string; message?: string }> = [];
    const errors = { report: (r: { event: string; message?: string }) => void reports.push(r) };
    const machine = setup({ actors: { focusTrap: focusTrapEffect } }).createMachine({
      initial: 'open',
      context: ({ input }: { input: object }) => ({ input }),
      states: {
        open: { invoke: { src: 'focusTrap', input: ({ context }) => context.input as never }, on: { CLOSE: 'closed' } },
        closed: {},
      },
    });
    const trapped = createActor(machine, {
      input: { dom, nodeId: 'box', trap: true, initialFocus: () => dom.document.getElementById('second') },
    }).start();
    expect(dom.document.activeElement?.id).toBe('second');
    trapped.send({ type: 'CLOSE' });
    expect(dom.document.activeElement?.id).toBe('opener');
    const checked = createActor(machine, {
      input: {
        dom,
        nodeId: 'box',
        trap: true,
        check: () => {
          throw new Error('no role');
        },
        errors,
      },
    }).start();
    expect(dom.document.activeElement?.id).toBe('opener');
    expect(reports).toStrictEqual([{ event: LAYER_NODE_INVALID_EVENT, message: 'no role', error: expect.any(Error) }]);
    expect(LAYER_NODE_INVALID_EVENT).toBe('layerNodeInvalid');
    checked.stop();
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      createActor(machine, {
        input: {
          dom,
          nodeId: 'box',
          trap: false,
          check: () => {
            throw 'not an error';
          },
        },
      })
        .start()
        .stop();
      expect(logged.mock.calls).toStrictEqual([['[exkit] a layer node failed its check', 'not an error']]);
    } finally {
      logged.mockRestore();
    }
    expect(
      createActor(machine, { input: { dom: undefined, nodeId: 'box', trap: true } })
        .start()
        .getSnapshot().status,
    ).toBe('active');
  });

  it('scrollLockEffect holds the lock for its owner while running, only for a modal and with a lock', () => {
    const calls: string[] = [];
    const scrollLock = { lock: (o: string) => void calls.push(`lock ${o}`), unlock: (o: string) => void calls.push(`unlock ${o}`) };
    const machine = setup({ actors: { lock: scrollLockEffect } }).createMachine({
      context: ({ input }: { input: object }) => ({ input }),
      invoke: { src: 'lock', input: ({ context }) => context.input as never },
    });
    createActor(machine, { input: { scrollLock, owner: 'a', modal: true } })
      .start()
      .stop();
    createActor(machine, { input: { scrollLock, owner: 'b', modal: false } })
      .start()
      .stop();
    createActor(machine, { input: { scrollLock: undefined, owner: 'c', modal: true } })
      .start()
      .stop();
    expect(calls).toStrictEqual(['lock a', 'unlock a']);
  });

  it('the region helpers: input rules, starting context, layer inputs and guards', () => {
    const stack = createLayerStack(undefined);
    expect(LAYER_STACK.check(stack)).toBe(true);
    expect(LAYER_STACK.check({ push() {} })).toBe(false);
    expect(LAYER_STACK.expect).toBe('a layer stack');
    expect(DOM_PORT.check({ window: {}, document: {} })).toBe(true);
    expect(DOM_PORT.check({ window: {} })).toBe(false);
    expect(DOM_PORT.check({ document: {} })).toBe(false);
    expect(DOM_PORT.expect).toBe('a DOM port (window and document)');
    expect(Object.keys(REGION_INPUT_RULES)).toStrictEqual(['stack', 'dom', 'regionId']);
    expect(REGION_INPUT_RULES.regionId.check('')).toBe(false);
    const context = regionContextOf({ stack }, 'default-id');
    expect(context).toStrictEqual({ items: [], shownCount: 0, frontedCount: 0, regionId: 'default-id', stack, dom: undefined });
    expect(regionContextOf({ regionId: 'own' }, 'default-id').regionId).toBe('own');
    expect(regionLayerInput({ context })).toStrictEqual({ stack, dom: undefined, nodeId: 'default-id', escape: { type: 'ESCAPE' } });
    expect(regionBranchInput({ context })).toStrictEqual({ stack, dom: undefined, nodeId: 'default-id' });
    expect(REGION_LAYER).toBe('regionLayer');
    const guards = (items: number, shownCount: number, frontedCount: number) => {
      const c = { ...context, items: Array.from({ length: items }), shownCount, frontedCount };
      return [regionGuards.regionEmpty({ context: c }), regionGuards.regionShown({ context: c }), regionGuards.regionGrew({ context: c })];
    };
    expect(guards(0, 0, 0)).toStrictEqual([true, false, false]);
    expect(guards(1, 2, 1)).toStrictEqual([false, true, true]);
    expect(guards(1, 2, 2)).toStrictEqual([false, true, false]);
  });
});

describe("a platform's app host", () => {
  it('appLayers and appHost are made once per platform, share one counter and stack, and the host adds the scroll lock', () => {
    configureRootToaster({});
    const platform = memoryPlatform();
    const layers = appLayers(platform);
    expect(appLayers(platform)).toBe(layers);
    expect(layers.dom).toBeUndefined();
    const host = appHost(platform);
    expect(appHost(platform)).toBe(host);
    expect([host.layers, host.stack]).toStrictEqual([layers.layers, layers.stack]);
    expect(host.scrollLock.holderCount).toBe(0);
    expect(appLayers(memoryPlatform())).not.toBe(layers);
    // No root toaster yet: a counter of its own, from the layer base.
    expect(layers.layers.next()).toBe(2001);
    expect(hasRootToaster()).toBe(false);
  });

  it("appLayers shares the root toaster's counter when toasts came first", () => {
    configureRootToaster({});
    toast.info('early');
    expect(hasRootToaster()).toBe(true);
    expect(appLayers(memoryPlatform()).layers).toBe(rootToaster().getSnapshot().context.layers);
    configureRootToaster({});
  });

  it('each needs a platform: InvalidArgumentError naming platform, under its own name', () => {
    expect(invalid(() => appLayers({} as never)).message).toBe('appLayers: platform must be a Platform');
    expect(invalid(() => appHost(null as never)).message).toBe('appHost: platform must be a Platform');
    expect(invalid(() => appToaster(1 as never)).message).toBe('appToaster: platform must be a Platform');
  });

  it("toasterInputOf hands the toaster the platform's clock, visibility and reporter and the host's counter, stack and document", () => {
    const platform = memoryPlatform();
    const host = appLayers(platform);
    expect(toasterInputOf(platform, host)).toStrictEqual({
      layers: host.layers,
      clock: platform.clock,
      visibility: platform.visibility,
      errors: platform.errors,
      stack: host.stack,
    });
    const dom = domOf('');
    expect(toasterInputOf(platform, { ...host, dom }).dom).toBe(dom);
  });

  it('a root toaster made by appToaster is built on the platform; one made earlier joins its stack and follows its visibility once', () => {
    configureRootToaster({});
    const first = memoryPlatform();
    const made = appToaster(first);
    expect(made).toBe(rootToaster());
    expect(made.getSnapshot().context.stack).toBe(appLayers(first).stack);
    configureRootToaster({});
    const early = toast.info('before the app');
    const platform = memoryPlatform();
    const toaster = appToaster(platform);
    expect(toaster.getSnapshot().context.items.map((i) => i.id)).toStrictEqual([early]);
    expect(toaster.getSnapshot().context.stack).toBe(appLayers(platform).stack);
    platform.setVisibility('hidden');
    expect(toaster.getSnapshot().context.pageHidden).toBe(true);
    platform.setVisibility('visible');
    expect(toaster.getSnapshot().context.pageHidden).toBe(false);
    // A second call forwards nothing again: still one layer in the stack.
    expect(appToaster(platform)).toBe(toaster);
    expect(appLayers(platform).stack.size).toBe(1);
    configureRootToaster({});
  });

  it('a platform whose visibility stream fails is reported as a UserCallbackError; the root toaster goes on', () => {
    configureRootToaster({});
    toast.info('early');
    const platform = memoryPlatform();
    const changes = new Subject<'visible' | 'hidden'>();
    const failing = { ...platform, visibility: { ...platform.visibility, changes } } as typeof platform;
    const toaster = appToaster(failing);
    changes.error(new Error('gone'));
    expect(platform.reports).toStrictEqual([
      expect.objectContaining({ event: 'callbackFailed', message: 'visibility.changes failed', error: expect.any(UserCallbackError) }),
    ]);
    expect(toaster.getSnapshot().status).toBe('active');
    configureRootToaster({});
  });
});

describe('loading overlays API: options and lifecycle', () => {
  it('each option is checked, named under options', () => {
    const cases: Array<[object, string, string]> = [
      [{ clock: { setTimeout() {} } }, 'options.clock', 'timers (setTimeout and clearTimeout)'],
      [{ leaveMs: -1 }, 'options.leaveMs', 'a number of ms from 0 up to 2^31 − 1'],
      [{ motion: { reduced: 'yes' } }, 'options.motion', 'a motion preference'],
      [{ errors: {} }, 'options.errors', 'an error reporter'],
    ];
    for (const [options, field, text] of cases) {
      const error = invalid(() => createLoadingOverlays(options as never));
      expect(error.extra).toMatchObject({ field });
      expect(error.message).toMatch(new RegExp(`^loading: ${field.replace('.', '\\.')} must be ${text.replace(/[()^]/g, '\\$&')}, got `));
    }
    expect(invalid(() => createLoadingOverlays(5 as never)).extra).toMatchObject({ field: 'options' });
  });

  it('the overlay leaves after leaveMs on the given clock, at once under reduced motion', () => {
    const clock = new SimulatedClock();
    const slow = createLoadingOverlays({ clock, leaveMs: 500 });
    const removed: string[] = [];
    slow.show('t', () => void removed.push('slow'))();
    clock.increment(499);
    expect(slow.get('t')?.getSnapshot().value).toBe('hiding');
    clock.increment(1);
    expect(slow.get('t')).toBeUndefined();
    const reduced = createLoadingOverlays({ clock, leaveMs: 500, motion: fixedMotion(true) });
    reduced.show('t', () => void removed.push('reduced'))();
    clock.increment(0);
    expect(removed).toStrictEqual(['slow', 'reduced']);
    const plain = createLoadingOverlays({ clock, motion: fixedMotion(false) });
    plain.show('t', () => undefined)();
    clock.increment(299);
    expect(plain.get('t')?.getSnapshot().value).toBe('hiding');
    clock.increment(1);
    expect(plain.get('t')).toBeUndefined();
  });

  it('a null or empty target and a bad text are refused; the text of a later show replaces the shown one', () => {
    const overlays = createLoadingOverlays();
    for (const target of [null, ''])
      expect(() => overlays.show(target, () => undefined)).toThrow(expect.objectContaining({ code: 'LOADING_TARGET_MISSING' }));
    const error = invalid(() => overlays.show('t', () => undefined, { text: 5 as never }));
    expect(error.message).toBe('loading.show: options.text must be a string, got 5');
    expect(invalid(() => overlays.show('t', () => undefined, 'text' as never)).extra).toMatchObject({ field: 'options' });
    expect(overlays.get('t')).toBeUndefined();
    overlays.show('t', () => undefined, { text: 'One' });
    expect(overlays.get('t')!.getSnapshot().context.text).toBe('One');
    overlays.show('t', () => undefined);
    expect(overlays.get('t')!.getSnapshot().context).toMatchObject({ text: 'One', holders: 2 });
    overlays.show('t', () => undefined, { text: 'Two' });
    expect(overlays.get('t')!.getSnapshot().context).toMatchObject({ text: 'Two', holders: 3 });
    overlays.dispose();
  });

  it('subscribe wants a function; dispose removes every overlay at once, runs their callbacks, tells the listeners once and drops them', () => {
    const clock = new SimulatedClock();
    const reports: unknown[] = [];
    const overlays = createLoadingOverlays({ clock, errors: { report: (r) => void reports.push(r) } });
    const error = invalid(() => overlays.subscribe('listener' as never));
    expect([error.message, (error.extra as { field: string }).field]).toStrictEqual([
      'loading.subscribe: listener must be a function',
      'listener',
    ]);
    let calls = 0;
    overlays.subscribe(() => calls++);
    overlays.dispose();
    overlays.show('x', () => undefined);
    expect(calls).toBe(0);
    overlays.dispose();
    overlays.subscribe(() => calls++);
    const stop = overlays.subscribe(() => calls++);
    stop();
    overlays.dispose();
    expect(calls).toBe(0);
    overlays.subscribe(() => calls++);
    const removed: string[] = [];
    overlays.show('a', () => void removed.push('a'));
    overlays.show('b', () => {
      throw new Error('callback bug');
    });
    const actor = overlays.get('a')!;
    expect(calls).toBe(2);
    overlays.dispose();
    expect([removed, calls, actor.getSnapshot().status, overlays.get('a')]).toStrictEqual([['a'], 3, 'stopped', undefined]);
    expect(reports).toStrictEqual([expect.objectContaining({ event: 'callbackFailed', message: 'onRemoved threw' })]);
    overlays.show('c', () => undefined);
    expect(calls).toBe(3);
    expect(overlays.get('c')!.getSnapshot().value).toBe('visible');
  });
});

describe('message-box API: arguments, motion and a stopped queue', () => {
  const clock = new SimulatedClock();
  const queueOf = () => createActor(messageBoxQueueMachine, { input: { layers: createLayerCounter() }, clock }).start();
  const shownBoxes = (queue: ReturnType<typeof queueOf>) =>
    queue.getSnapshot().context.boxes.map((b) => {
      const c = b.ref.getSnapshot().context;
      return [c.id, c.options.kind, c.transitionMs];
    });

  it('getQueue must be a function and motion a motion preference', () => {
    expect(invalid(() => createMessageBoxApi('queue' as never)).message).toBe(
      'createMessageBoxApi: getQueue must be a function giving the queue actor',
    );
    const error = invalid(() => createMessageBoxApi(() => queueOf(), { reduced: 1 } as never));
    expect([error.message, (error.extra as { field: string }).field]).toStrictEqual([
      'createMessageBoxApi: motion must be a motion preference',
      'motion',
    ]);
  });

  it('each kind opens its box; under reduced motion it has no transition, otherwise the call decides', () => {
    const queue = queueOf();
    const api = createMessageBoxApi(() => queue, fixedMotion(true));
    void api.alert('A', { transitionMs: 50 });
    void api.confirm('C');
    void api.prompt('P', { inputValue: 'v' });
    const boxes = shownBoxes(queue);
    expect(boxes.map(([, kind, ms]) => [kind, ms])).toStrictEqual([
      ['alert', 0],
      ['confirm', 0],
      ['prompt', 0],
    ]);
    expect(new Set(boxes.map(([id]) => id)).size).toBe(3);
    for (const [id] of boxes) expect(id).toMatch(/^box-\d+$/);
    queue.stop();
    const other = queueOf();
    void createMessageBoxApi(() => other, fixedMotion(false)).alert('A', { transitionMs: 50 });
    void createMessageBoxApi(() => other).alert('B', { transitionMs: 70 });
    expect(shownBoxes(other).map(([, , ms]) => ms)).toStrictEqual([50, 70]);
    other.stop();
  });

  it('a prompt resolves with its value, a confirm without one; a bad message or option rejects and opens nothing', async () => {
    const queue = queueOf();
    const api = createMessageBoxApi(() => queue);
    const prompt = api.prompt('Name', { inputValue: 'Ann', transitionMs: 0 });
    queue.send({ type: 'CONFIRM' });
    clock.increment(0);
    await expect(prompt).resolves.toStrictEqual({ action: 'confirm', value: 'Ann' });
    const confirm = api.confirm('Sure?', { transitionMs: 0 });
    queue.send({ type: 'CANCEL' });
    clock.increment(0);
    await expect(confirm).resolves.toStrictEqual({ action: 'cancel' });
    await expect(api.alert(5 as never)).rejects.toMatchObject({ name: 'InvalidArgumentError', extra: { field: 'message' } });
    await expect(api.alert('x', { showCancel: 'no' } as never)).rejects.toMatchObject({
      name: 'InvalidArgumentError',
      extra: { field: 'options.showCancel' },
    });
    await expect(api.alert('x', 'opts' as never)).rejects.toMatchObject({ extra: { field: 'options' } });
    expect(queue.getSnapshot().context.boxes).toStrictEqual([]);
    queue.stop();
  });

  it('a queue that is already stopped resolves the call as closed at once', async () => {
    const queue = queueOf();
    queue.stop();
    await expect(createMessageBoxApi(() => queue).confirm('Late?')).resolves.toStrictEqual({ action: 'close' });
  });
});

describe('toast API: every call and its checks', () => {
  const toasterOf = () => createActor(toasterMachine, { input: { maxVisible: 10 } }).start();
  const items = (toaster: ReturnType<typeof toasterOf>) =>
    toaster.getSnapshot().context.items.map((i) => {
      const c = i.ref.getSnapshot().context;
      return [c.id, c.type, c.message];
    });

  it('the call and each shorthand add a toast of their type with a fresh id, or the id given', () => {
    const toaster = toasterOf();
    const api = createToastApi(() => toaster);
    const ids = [api('plain'), api('typed', { type: 'warning' }), ...TOAST_TYPES.map((type) => api[type](type))];
    expect(api.info('mine', { id: 'my-id' })).toBe('my-id');
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^toast-\d+$/);
    expect(items(toaster)).toStrictEqual([
      [ids[0], 'info', 'plain'],
      [ids[1], 'warning', 'typed'],
      ...TOAST_TYPES.map((type, i) => [ids[i + 2], type, type]),
      ['my-id', 'info', 'mine'],
    ]);
    toaster.stop();
  });

  it('bad messages, options, ids and patches are InvalidArgumentErrors naming them; nothing is sent', () => {
    const toaster = toasterOf();
    const api = createToastApi(() => toaster);
    expect(invalid(() => api(5 as never)).message).toBe('toast: message must be a string');
    expect(invalid(() => api.success('x', { duration: -1 })).extra).toMatchObject({ field: 'options.duration' });
    expect(invalid(() => api.success('x', { id: '' })).message).toBe('toast: options.id must be a non-empty string, got ""');
    expect(invalid(() => api.update('', { message: 'm' })).message).toBe('toast.update: id must be a non-empty string');
    expect(invalid(() => api.update('a', { message: 5 } as never)).extra).toMatchObject({ field: 'patch.message' });
    expect(invalid(() => api.dismiss(7 as never)).message).toBe('toast.dismiss: id must be a non-empty string');
    expect(toaster.getSnapshot().context.items).toStrictEqual([]);
    expect(invalid(() => createToastApi(null as never)).message).toBe(
      'createToastApi: getToaster must be a function giving the toaster actor',
    );
    toaster.stop();
  });

  it('update changes a toast in place; dismiss closes one, or every one', () => {
    const toaster = toasterOf();
    const api = createToastApi(() => toaster);
    const a = api.info('a');
    const b = api.info('b');
    api.update(a, { message: 'A', type: 'error' });
    expect(items(toaster)).toStrictEqual([
      [a, 'error', 'A'],
      [b, 'info', 'b'],
    ]);
    api.dismiss(a);
    expect(toaster.getSnapshot().context.items.map((i) => i.id)).toStrictEqual([b]);
    api.info('c');
    api.dismiss();
    expect(toaster.getSnapshot().context.items).toStrictEqual([]);
    toaster.stop();
  });

  it('promise: a loading toast becomes the outcome with its text or formatter and the caller duration', async () => {
    const toaster = toasterOf();
    const api = createToastApi(() => toaster);
    const ok = api.promise(Promise.resolve(3), { loading: 'Saving', success: (n) => `Saved ${n}`, error: 'Failed' }, { duration: 4000 });
    const [entry] = toaster.getSnapshot().context.items;
    expect(entry!.ref.getSnapshot().context).toMatchObject({ type: 'loading', message: 'Saving' });
    await expect(ok).resolves.toBe(3);
    await Promise.resolve();
    expect(entry!.ref.getSnapshot().context).toMatchObject({ type: 'success', message: 'Saved 3', duration: 4000 });
    const failed = api.promise(() => Promise.reject(new Error('down')), {
      loading: 'Saving',
      success: 'Saved',
      error: (e) => `Failed: ${(e as Error).message}`,
    });
    await expect(failed).rejects.toThrow('down');
    await Promise.resolve();
    const last = toaster.getSnapshot().context.items.at(-1)!.ref.getSnapshot().context;
    expect([last.type, last.message]).toStrictEqual(['error', 'Failed: down']);
    const thrown = api.promise(
      () => {
        throw new Error('sync');
      },
      { loading: 'L', success: 'S', error: 'E' },
    );
    await expect(thrown).rejects.toThrow('sync');
    await Promise.resolve();
    expect(toaster.getSnapshot().context.items.at(-1)!.ref.getSnapshot().context).toMatchObject({ type: 'error', message: 'E' });
    toaster.stop();
  });

  it('promise: a formatter that gives no string is reported and its loading toast dismissed', async () => {
    const reports: Array<{ message?: string }> = [];
    const toaster = createActor(toasterMachine, { input: { errors: { report: (r) => void reports.push(r) } } }).start();
    const api = createToastApi(() => toaster);
    await api.promise(Promise.resolve(1), { loading: 'L', success: () => 42 as never, error: 'E' });
    await Promise.resolve();
    expect(reports).toStrictEqual([
      expect.objectContaining({ event: 'callbackFailed', message: 'toast.promise messages.success gave no string' }),
    ]);
    expect(toaster.getSnapshot().context.items).toStrictEqual([]);
    toaster.stop();
  });

  it('promise: bad arguments reject, show nothing, and never throw', async () => {
    const toaster = toasterOf();
    const api = createToastApi(() => toaster);
    const messages = { loading: 'L', success: 'S', error: 'E' };
    await expect(api.promise(5 as never, messages)).rejects.toMatchObject({
      message: 'toast.promise: promise must be a promise or a function returning one',
    });
    for (const [bad, field] of [
      [{ success: 'S', error: 'E' }, 'messages.loading'],
      [{ loading: 'L', error: 'E' }, 'messages.success'],
      [{ loading: 'L', success: 1, error: 'E' }, 'messages.success'],
      [{ loading: 'L', success: 'S' }, 'messages.error'],
    ] as const) {
      await expect(api.promise(Promise.resolve(1), bad as never)).rejects.toMatchObject({ name: 'InvalidArgumentError', extra: { field } });
    }
    await expect(api.promise(Promise.resolve(1), { ...messages, error: 2 } as never)).rejects.toMatchObject({
      message: 'toast.promise: messages.error must be a string or a function giving one, got 2',
    });
    await expect(api.promise(Promise.resolve(1), messages, { duration: 'x' } as never)).rejects.toMatchObject({
      extra: { field: 'options.duration' },
    });
    // A thenable that is not a native promise is taken as one.
    await expect(api.promise({ then: (resolve: (v: number) => void) => resolve(9) } as never, messages)).resolves.toBe(9);
    expect(toaster.getSnapshot().context.items).toHaveLength(1);
    toaster.stop();
  });
});

describe('the root toaster', () => {
  it('configureRootToaster: its input and timers make the next root; a configured one wins over init', () => {
    const timers = memoryPlatform().timers;
    configureRootToaster({ input: { maxVisible: 2 }, clock: timers });
    expect(hasRootToaster()).toBe(false);
    const root = rootToaster({ input: { maxVisible: 7, top: 40 } });
    expect(root.getSnapshot().context).toMatchObject({ maxVisible: 2, top: 40 });
    expect(hasRootToaster()).toBe(true);
    expect(rootToaster()).toBe(root);
    toast.info('timed');
    timers.advance(3000);
    expect(root.getSnapshot().context.items).toStrictEqual([]);
    configureRootToaster({});
    expect(root.getSnapshot().status).toBe('stopped');
    const other = memoryPlatform().timers;
    const fromInit = rootToaster({ clock: other });
    toast.info('on init timers');
    other.advance(3000);
    expect(fromInit.getSnapshot().context.items).toStrictEqual([]);
    configureRootToaster({});
    expect(invalid(() => configureRootToaster({ clock: { setTimeout() {} } as never })).message).toBe(
      'configureRootToaster: clock must be timers (setTimeout and clearTimeout)',
    );
    expect(invalid(() => configureRootToaster({ clock: { clearTimeout() {} } as never })).extra).toMatchObject({ field: 'clock' });
  });
});

describe('createUiKit options', () => {
  it('each option is checked, named under options, before anything is made', () => {
    const platform = memoryPlatform();
    const cases: Array<[object, string, string]> = [
      [{ isolatedToaster: 1 }, 'options.isolatedToaster', 'a boolean'],
      [{ toaster: 'x' }, 'options.toaster', 'a toaster input'],
      [{ layerBase: Infinity }, 'options.layerBase', 'a finite number'],
      [{ layerBase: '5' }, 'options.layerBase', 'a finite number'],
      [{ locale: 'en' }, 'options.locale', 'a function giving the locale'],
    ];
    for (const [options, field, text] of cases) {
      const error = invalid(() => createUiKit(platform, options as never));
      expect(error.extra).toMatchObject({ field });
      expect(error.message.startsWith(`createUiKit: ${field} must be ${text}, got `)).toBe(true);
    }
    expect(invalid(() => createUiKit(platform, { toaster: { regionId: '' } })).extra).toMatchObject({ field: 'options.toaster.regionId' });
    expect(invalid(() => createUiKit({} as never)).message).toBe('createUiKit: platform must be a Platform');
  });

  it("an isolated kit counts from its layerBase, takes its toaster input and region id, and hands its queue the app's reporter and locale", () => {
    const platform = memoryPlatform();
    const locale = () => 'zh-CN';
    const kit = createUiKit(platform, {
      isolatedToaster: true,
      layerBase: 5000,
      toaster: { maxVisible: 1, regionId: 'my-toasts' },
      locale,
    });
    expect(kit.host.layers.next()).toBe(5001);
    expect(kit.toaster.getSnapshot().context).toMatchObject({ maxVisible: 1, regionId: 'my-toasts', stack: kit.host.stack });
    expect(kit.messageBoxQueue.getSnapshot().context).toMatchObject({ errors: platform.errors, locale, layers: kit.host.layers });
    expect(kit.notifier.getSnapshot().context.layers).toBe(kit.host.layers);
    const plain = createUiKit(platform, { isolatedToaster: true });
    expect(plain.host.layers.next()).toBe(2001);
    expect(plain.messageBoxQueue.getSnapshot().context.locale).toBeUndefined();
    kit.dispose();
    plain.dispose();
    expect(kit.toaster.getSnapshot().status).toBe('stopped');
  });

  it('an app kit shares the platform host and the root toaster; dispose leaves the root toaster running', () => {
    configureRootToaster({});
    const platform = memoryPlatform();
    const kit = createUiKit(platform);
    expect(kit.host).toBe(appHost(platform));
    expect(kit.toaster).toBe(rootToaster());
    expect(kit.messageBoxQueue.getSnapshot().context.scrollLock).toBe(kit.host.scrollLock);
    kit.dispose();
    expect([kit.toaster.getSnapshot().status, kit.notifier.getSnapshot().status, kit.messageBoxQueue.getSnapshot().status]).toStrictEqual([
      'active',
      'stopped',
      'stopped',
    ]);
    configureRootToaster({});
  });
});

describe('UI APIs: the remaining rules', () => {
  it("findNode's and whenElement's errors say which call and what they want", () => {
    const dom = domOf('');
    expect(invalid(() => findNode({} as never, 'a')).message).toBe('findNode: doc must be a document');
    expect(invalid(() => findNode(dom.document, 5 as never)).message).toBe('findNode: id must be a string');
    expect(invalid(() => whenElement({} as never, 'a', () => undefined)).message).toBe('whenElement: dom.document must be a document');
    expect(invalid(() => whenElement(dom, 1 as never, () => undefined)).message).toBe('whenElement: id must be a string');
    expect(invalid(() => whenElement(dom, 'a', 'f' as never)).message).toBe('whenElement: found must be a function');
  });

  it('whenElement also finds a node that gets its id (or its data-exkit-node) after it was added', async () => {
    const dom = domOf('<div id="host"></div>');
    const found: string[] = [];
    whenElement(dom, 'late-id', (el) => void found.push(`id:${el.tagName}`));
    whenElement(dom, 'late-node', (el) => void found.push(`node:${el.tagName}`));
    const span = dom.document.createElement('span');
    const em = dom.document.createElement('em');
    dom.document.getElementById('host')!.append(span, em);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(found).toStrictEqual([]);
    span.id = 'late-id';
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(found).toStrictEqual(['id:SPAN']);
    em.setAttribute('data-exkit-node', 'late-node');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(found).toStrictEqual(['id:SPAN', 'node:EM']);
  });

  it('a layer effect raises its layer for layer.front only', () => {
    const stack = createLayerStack(undefined);
    const machine = setup({ actors: { layer: layerEffect } }).createMachine({
      invoke: { id: 'l', src: 'layer', input: { stack, dom: undefined, nodeId: 'n' } },
      on: {
        FRONT: { actions: sendTo('l', { type: 'layer.front' }) },
        OTHER: { actions: sendTo('l', { type: 'layer.other' } as never) },
      },
    });
    const actor = createActor(machine).start();
    const other = stack.push({});
    actor.send({ type: 'OTHER' });
    expect(other.isTop()).toBe(true);
    actor.send({ type: 'FRONT' });
    expect(other.isTop()).toBe(false);
    actor.stop();
  });

  it('a kit on a platform with a document hands it to its regions and boxes; an isolated kit numbers both regions alike', () => {
    const dom = domOf('');
    const platform = memoryPlatform({ dom });
    const kit = createUiKit(platform, { isolatedToaster: true });
    expect(kit.host.dom).toBe(dom);
    expect(kit.notifier.getSnapshot().context.dom).toBe(dom);
    expect(kit.messageBoxQueue.getSnapshot().context.dom).toBe(dom);
    expect(kit.toaster.getSnapshot().context.dom).toBe(dom);
    const toastRegion = kit.toaster.getSnapshot().context.regionId;
    const notifyRegion = kit.notifier.getSnapshot().context.regionId;
    const number = /^exkit-toasts-(\d+)$/.exec(toastRegion)?.[1];
    expect(number).toBeDefined();
    expect(notifyRegion).toBe(`exkit-notifications-${number}`);
    kit.dispose();
  });

  it('an earlier root toaster joins a platform with a document: the document goes with the stack; the failure report names its stream', () => {
    configureRootToaster({});
    toast.info('early');
    const dom = domOf('');
    const platform = memoryPlatform({ dom });
    const toaster = appToaster(platform);
    expect(toaster.getSnapshot().context.dom).toBe(dom);
    configureRootToaster({});
    toast.info('early');
    const failing = memoryPlatform();
    const changes = new Subject<'visible' | 'hidden'>();
    appToaster({ ...failing, visibility: { ...failing.visibility, changes } } as typeof failing);
    changes.error(new Error('gone'));
    expect(failing.reports).toStrictEqual([expect.objectContaining({ data: { callback: 'visibility.changes' } })]);
    configureRootToaster({});
  });

  it("a root toaster appToaster makes itself follows the platform's visibility once, through its input", () => {
    configureRootToaster({});
    const platform = memoryPlatform();
    const changes = new Subject<'visible' | 'hidden'>();
    const watched = { ...platform, visibility: { ...platform.visibility, changes } } as typeof platform;
    const toaster = appToaster(watched);
    changes.next('hidden');
    expect(toaster.getSnapshot().context.pageHidden).toBe(true);
    changes.error(new Error('gone'));
    // One subscription (the toaster's own), so one report: nothing was forwarded on top of it.
    expect(platform.reports.filter((r) => r.message === 'visibility.changes failed')).toHaveLength(1);
    configureRootToaster({});
  });

  it('loading: a stopped subscription hears nothing; a throwing listener is reported by name and the others still hear', () => {
    const reports: Array<{ message?: string }> = [];
    const overlays = createLoadingOverlays({ errors: { report: (r) => void reports.push(r) } });
    let stopped = 0;
    let heard = 0;
    overlays.subscribe(() => {
      throw new Error('listener bug');
    });
    overlays.subscribe(() => heard++)();
    overlays.subscribe(() => stopped++)();
    overlays.subscribe(() => heard++);
    overlays.show('t', () => undefined);
    expect([heard, stopped]).toStrictEqual([1, 0]);
    expect(reports).toStrictEqual([expect.objectContaining({ message: 'loading listener threw' })]);
    overlays.dispose();
  });

  it('message boxes: closing one of several open boxes settles only its own promise; errors name the messageBox call', async () => {
    const clock = new SimulatedClock();
    const queue = createActor(messageBoxQueueMachine, { input: { layers: createLayerCounter() }, clock }).start();
    const api = createMessageBoxApi(() => queue);
    const outcomes: string[] = [];
    void api.confirm('first', { transitionMs: 0 }).then((r) => void outcomes.push(`first:${r.action}`));
    void api.confirm('second', { transitionMs: 0 }).then((r) => void outcomes.push(`second:${r.action}`));
    queue.send({ type: 'CANCEL' });
    clock.increment(0);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(outcomes).toStrictEqual(['first:cancel']);
    queue.send({ type: 'CONFIRM' });
    clock.increment(0);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(outcomes).toStrictEqual(['first:cancel', 'second:confirm']);
    await expect(api.alert(5 as never)).rejects.toMatchObject({ message: 'messageBox: message must be a string, got 5' });
    await expect(api.alert('x', { showCancel: 'no' } as never)).rejects.toMatchObject({
      message: 'messageBox: options.showCancel must be a boolean, got "no"',
    });
    queue.stop();
  });

  it('message boxes: a queue that fails, or completes, resolves its open boxes as closed', async () => {
    const observers: Array<{ complete?: () => void; error?: (e: unknown) => void }> = [];
    const fake = {
      on: () => ({ unsubscribe() {} }),
      subscribe: (o: (typeof observers)[number]) => (observers.push(o), { unsubscribe() {} }),
      getSnapshot: () => ({ status: 'active' }),
      send: () => undefined,
    };
    const api = createMessageBoxApi(() => fake as never);
    const failed = api.alert('a');
    const completed = api.alert('b');
    observers[0]!.error!(new Error('queue failed'));
    observers[1]!.complete!();
    await expect(failed).resolves.toStrictEqual({ action: 'close' });
    await expect(completed).resolves.toStrictEqual({ action: 'close' });
  });

  it('toast: update takes a patch without a message; the success text and options errors name toast.promise', async () => {
    const toaster = createActor(toasterMachine, { input: {} }).start();
    const api = createToastApi(() => toaster);
    const id = api.info('kept');
    api.update(id, { type: 'warning' });
    expect(toaster.getSnapshot().context.items[0]!.ref.getSnapshot().context).toMatchObject({ type: 'warning', message: 'kept' });
    await expect(api.promise(Promise.resolve(1), { loading: 'L', success: 1 as never, error: 'E' })).rejects.toMatchObject({
      message: 'toast.promise: messages.success must be a string or a function giving one, got 1',
    });
    await expect(
      api.promise(Promise.resolve(1), { loading: 'L', success: 'S', error: 'E' }, { duration: 'x' } as never),
    ).rejects.toMatchObject({
      message: 'toast.promise: options.duration must be a number of ms up to 2^31 − 1, 0 or Infinity, got "x"',
    });
    await expect(api.promise(Promise.resolve(1), 'messages' as never)).rejects.toMatchObject({
      message: 'toast.promise: messages must be an object, got "messages"',
    });
    toaster.stop();
  });

  it('toast.promise: a throwing formatter is reported once, by name; a toaster gone when the promise settles is reported too', async () => {
    const reports: Array<{ message?: string }> = [];
    const toaster = createActor(toasterMachine, { input: { errors: { report: (r) => void reports.push(r) } } }).start();
    const api = createToastApi(() => toaster);
    await expect(
      api.promise(Promise.reject(new Error('x')), {
        loading: 'L',
        success: 'S',
        error: () => {
          throw new Error('formatter bug');
        },
      }),
    ).rejects.toThrow('x');
    await Promise.resolve();
    expect(reports.map((r) => r.message)).toStrictEqual(['toast.promise messages.error threw']);
    expect(toaster.getSnapshot().context.items).toStrictEqual([]);
    toaster.stop();
    let calls = 0;
    const flaky = createToastApi(() => {
      if (++calls > 1) throw new Error('toaster gone');
      return toaster;
    });
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      await flaky.promise(Promise.resolve(1), { loading: 'L', success: 'S', error: 'E' });
      await Promise.resolve();
      expect(logged.mock.calls.map((c) => c[0])).toStrictEqual(['[exkit] toast.promise threw']);
    } finally {
      logged.mockRestore();
    }
  });

  it('toast.promise: without a duration the outcome keeps its type default', async () => {
    const toaster = createActor(toasterMachine, { input: {} }).start();
    const api = createToastApi(() => toaster);
    await api.promise(Promise.resolve(1), { loading: 'L', success: 'S', error: 'E' });
    await Promise.resolve();
    const withDefault = toaster.getSnapshot().context.items[0]!.ref.getSnapshot().context.duration;
    const plain = api.success('plain');
    const expected = toaster
      .getSnapshot()
      .context.items.find((i) => i.id === plain)!
      .ref.getSnapshot().context.duration;
    expect(withDefault).toBe(expected);
    toaster.stop();
  });
});
