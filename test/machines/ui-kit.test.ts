import { JSDOM } from 'jsdom';
import { describe, expect, it, vi } from 'vitest';
import { createActor, sendTo, setup } from 'xstate';
import { ExkitError, InvalidArgumentError } from '../../core/errors/index.js';
import { memoryPlatform } from '../../core/platform/index.js';
import type { DomPort } from '../../core/platform/types.js';
import { createLayerStack, REDUCED_MOTION_QUERY } from '../../core/ui/index.js';
import { ACTOR_ERROR_EVENT, logErrorEvent, takeErrorEvents } from '../../machines/error-events.js';
import { MissingFetcherError, MissingSecurityError, RiskTokenEmptyError } from '../../machines/errors.js';
import { configureRootToaster, createUiKit, rootToaster, toast } from '../../machines/index.js';
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

/** A jsdom document of its own (this file runs under node): the DOM port the effects take. */
function domOf(html: string): DomPort {
  const { window } = new JSDOM(`<!doctype html><body>${html}</body>`);
  return { window, document: window.document } as unknown as DomPort;
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
