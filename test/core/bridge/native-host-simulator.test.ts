// The simulated native app is part of the public testing kit: what it injects, what it answers and how it is
// scripted are its contract, checked here by talking to it the way the app's real peer (the page) does.
import { describe, expect, it } from 'vitest';
import { DEFAULT_PROTOCOL_NAMES, createNativeHostSimulator, flushMicrotasks, memoryPlatform } from '../../../core/index.js';
import type { Platform } from '../../../core/index.js';

const APP = 'SimApp';
const IOS_UA = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148';
const ANDROID_UA = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36';

type Delivery = [id: unknown, payload: unknown];

/** A platform with the page's callback and event functions installed, recording what the app hands them. */
function page(names: { callback?: string; event?: string } = {}) {
  const platform = memoryPlatform();
  const delivered: Delivery[] = [];
  const events: Delivery[] = [];
  platform.globals.set(names.callback ?? DEFAULT_PROTOCOL_NAMES.callbackFunctionName, (id: unknown, payload: unknown) =>
    delivered.push([id, payload]),
  );
  platform.globals.set(names.event ?? DEFAULT_PROTOCOL_NAMES.eventFunctionName, (name: unknown, payload: unknown) =>
    events.push([name, payload]),
  );
  return { platform, delivered, events };
}

/** The handler the simulator injected for iOS. */
function iosHandler(platform: Platform, name = DEFAULT_PROTOCOL_NAMES.iosHandlerName) {
  const webkit = platform.globals.get('webkit') as { messageHandlers: Record<string, { postMessage(json: string): void }> };
  return webkit.messageHandlers[name]!;
}

const post = (platform: Platform, message: object) => iosHandler(platform).postMessage(JSON.stringify(message));

describe('the simulated app identifies itself in the user agent', () => {
  it('iOS by default, version 2.56.0, written into the platform', () => {
    const { platform } = page();
    const sim = createNativeHostSimulator(platform, { appName: APP });
    expect(sim.os).toBe('ios');
    expect(sim.appVersion).toBe('2.56.0');
    expect(sim.userAgent).toBe(`${IOS_UA} ${APP}/2.56.0`);
    expect(platform.userAgent).toBe(sim.userAgent);
  });

  it('Android with a Pixel user agent', () => {
    const { platform } = page();
    const sim = createNativeHostSimulator(platform, { appName: APP, os: 'android', appVersion: '3.1.0' });
    expect(sim.userAgent).toBe(`${ANDROID_UA} ${APP}/3.1.0`);
    expect(platform.userAgent).toBe(sim.userAgent);
  });

  it('setAppVersion rewrites the version in the user agent; a version that is not text is refused', () => {
    const { platform } = page();
    const sim = createNativeHostSimulator(platform, { appName: APP });
    sim.setAppVersion('1.0.0');
    expect(sim.appVersion).toBe('1.0.0');
    expect(sim.userAgent).toBe(`${IOS_UA} ${APP}/1.0.0`);
    expect(platform.userAgent).toBe(sim.userAgent);
    expect(() => sim.setAppVersion(2 as never)).toThrow(
      expect.objectContaining({ name: 'InvalidArgumentError', message: 'simulator.setAppVersion: version must be a string, got 2' }),
    );
    expect(sim.appVersion).toBe('1.0.0');
  });

  it('a platform whose user agent cannot be set keeps its own; the simulator still reports the app one', () => {
    const base = memoryPlatform({ userAgent: 'Fixed/1.0' });
    const platform: Platform = { ...base, userAgent: base.userAgent };
    const sim = createNativeHostSimulator(platform, { appName: APP });
    expect(sim.userAgent).toBe(`${IOS_UA} ${APP}/2.56.0`);
    expect(platform.userAgent).toBe('Fixed/1.0');
  });
});

describe('the simulated app checks what it is given', () => {
  it('options must be an object', () => {
    expect(() => createNativeHostSimulator(memoryPlatform(), null as never)).toThrow(
      expect.objectContaining({ name: 'InvalidArgumentError', message: 'createNativeHostSimulator: options must be an object, got null' }),
    );
  });

  it('the platform must have globals and timers', () => {
    const { timers: _timers, ...noTimers } = memoryPlatform();
    expect(() => createNativeHostSimulator(noTimers as never, { appName: APP })).toThrow(
      expect.objectContaining({
        name: 'InvalidArgumentError',
        message: 'createNativeHostSimulator: platform.timers must be an object, got undefined',
      }),
    );
    const { globals: _globals, ...noGlobals } = memoryPlatform();
    expect(() => createNativeHostSimulator(noGlobals as never, { appName: APP })).toThrow(
      expect.objectContaining({ message: 'createNativeHostSimulator: platform.globals must be an object, got undefined' }),
    );
  });
});

describe('the handler objects it injects', () => {
  it('iOS: webkit.messageHandlers.<iosHandlerName>, keeping what webkit already held', () => {
    const { platform } = page();
    const other = { postMessage: () => undefined };
    platform.globals.set('webkit', { version: 7, messageHandlers: { other } });
    createNativeHostSimulator(platform, { appName: APP, iosHandlerName: 'nativeIos' });
    const webkit = platform.globals.get('webkit') as { version: number; messageHandlers: Record<string, unknown> };
    expect(webkit.version).toBe(7);
    expect(Object.keys(webkit.messageHandlers).sort()).toEqual(['nativeIos', 'other']);
    expect(webkit.messageHandlers.other).toBe(other);
    expect(typeof (webkit.messageHandlers.nativeIos as { postMessage: unknown }).postMessage).toBe('function');
    expect(platform.globals.get('exkitBridge')).toBeUndefined();
  });

  it('Android: a global object named <androidInterfaceName>, and no webkit', () => {
    const { platform } = page();
    createNativeHostSimulator(platform, { appName: APP, os: 'android', androidInterfaceName: 'nativeAndroid' });
    expect(typeof (platform.globals.get('nativeAndroid') as { postMessage: unknown }).postMessage).toBe('function');
    expect(platform.globals.get('webkit')).toBeUndefined();
  });

  it('uninstall on iOS removes its handler and leaves the others', () => {
    const { platform } = page();
    const other = { postMessage: () => undefined };
    platform.globals.set('webkit', { messageHandlers: { other } });
    const sim = createNativeHostSimulator(platform, { appName: APP });
    sim.uninstall();
    const webkit = platform.globals.get('webkit') as { messageHandlers: Record<string, unknown> };
    expect(webkit.messageHandlers).toEqual({ other });
    // Nothing to remove is no error.
    platform.globals.delete('webkit');
    expect(() => sim.uninstall()).not.toThrow();
  });

  it('uninstall on Android removes its own interface, never one put there since', () => {
    const { platform } = page();
    const sim = createNativeHostSimulator(platform, { appName: APP, os: 'android' });
    sim.uninstall();
    expect(platform.globals.get('exkitBridge')).toBeUndefined();
    const sim2 = createNativeHostSimulator(platform, { appName: APP, os: 'android' });
    const replacement = { postMessage: () => undefined };
    platform.globals.set('exkitBridge', replacement);
    sim2.uninstall();
    expect(platform.globals.get('exkitBridge')).toBe(replacement);
  });
});

describe('what it receives', () => {
  it('records every message, with the path of a requestAction as text', () => {
    const { platform } = page();
    const sim = createNativeHostSimulator(platform, { appName: APP });
    post(platform, { id: 1, command: 'requestAction', payload: { path: '/a' } });
    post(platform, { id: 2, command: 'requestAction' });
    post(platform, { command: 'logout' });
    expect(sim.received).toEqual([
      { id: 1, command: 'requestAction', payload: { path: '/a' }, path: '/a' },
      { id: 2, command: 'requestAction', path: 'undefined' },
      { command: 'logout' },
    ]);
  });

  it('record: false keeps nothing, and still answers', async () => {
    const { platform, delivered } = page();
    const sim = createNativeHostSimulator(platform, { appName: APP, record: false });
    post(platform, { id: 1, command: 'logout' });
    await flushMicrotasks();
    expect(sim.received).toEqual([]);
    expect(delivered).toEqual([[1, '{"code":"00000"}']]);
  });

  it('a message without an id gets no answer', async () => {
    const { platform, delivered } = page();
    createNativeHostSimulator(platform, { appName: APP });
    post(platform, { command: 'checkCameraPermission' });
    await flushMicrotasks();
    expect(delivered).toEqual([]);
  });

  it('with no callback function on the page an answer is dropped without an error', async () => {
    const platform = memoryPlatform();
    const sim = createNativeHostSimulator(platform, { appName: APP });
    post(platform, { id: 1, command: 'logout' });
    await flushMicrotasks();
    expect(sim.received).toHaveLength(1);
    platform.globals.set(DEFAULT_PROTOCOL_NAMES.callbackFunctionName, 'not a function');
    expect(() => sim.answer(1, 'x')).not.toThrow();
  });
});

describe('its default answers, one per command', () => {
  const answerOf = async (command: string, payload?: unknown, options: { token?: string; usdtRates?: Record<string, string> } = {}) => {
    const { platform, delivered } = page();
    createNativeHostSimulator(platform, { appName: APP, ...options });
    post(platform, { id: 9, command, ...(payload === undefined ? {} : { payload }) });
    await flushMicrotasks();
    expect(delivered).toHaveLength(1);
    expect(delivered[0]![0]).toBe(9);
    return JSON.parse(delivered[0]![1] as string) as unknown;
  };

  it('requestAction without a route: code 1 naming the path', async () => {
    expect(await answerOf('requestAction', { path: '/nowhere' })).toEqual({ code: '1', msg: 'No simulated route for /nowhere' });
  });
  it('sendTokenToWeb: the token, simulated-token by default', async () => {
    expect(await answerOf('sendTokenToWeb')).toEqual({ code: '00000', data: { token: 'simulated-token' } });
    expect(await answerOf('sendTokenToWeb', undefined, { token: 't-1' })).toEqual({ code: '00000', data: { token: 't-1' } });
  });
  it('getWebLocalStorage: null for a key never set', async () => {
    expect(await answerOf('getWebLocalStorage', { key: 'k' })).toEqual({ code: '00000', data: { value: null } });
    expect(await answerOf('getWebLocalStorage')).toEqual({ code: '00000', data: { value: null } });
  });
  it('getWebLocalStorage: the value setWebLocalStorage stored under that key', async () => {
    const { platform, delivered } = page();
    createNativeHostSimulator(platform, { appName: APP });
    post(platform, { command: 'setWebLocalStorage', payload: { key: 'lang', value: 'fr' } });
    post(platform, { id: 1, command: 'getWebLocalStorage', payload: { key: 'lang' } });
    post(platform, { id: 2, command: 'getWebLocalStorage', payload: { key: 'other' } });
    await flushMicrotasks();
    expect(delivered).toEqual([
      [1, '{"code":"00000","data":{"value":"fr"}}'],
      [2, '{"code":"00000","data":{"value":null}}'],
    ]);
  });
  it('checkCameraPermission: granted', async () => {
    expect(await answerOf('checkCameraPermission')).toEqual({ code: '00000', data: { granted: true } });
  });
  it('getAppUsdtRateData: the configured rates, none by default', async () => {
    expect(await answerOf('getAppUsdtRateData')).toEqual({ code: '00000', data: { rates: {} } });
    expect(await answerOf('getAppUsdtRateData', undefined, { usdtRates: { EUR: '0.9' } })).toEqual({
      code: '00000',
      data: { rates: { EUR: '0.9' } },
    });
  });
  it.each(['palmPrintRegister', 'palmPrintVerify'])('%s: result success', async (command) => {
    expect(await answerOf(command, { vcode: 'v', session_id: 's' })).toEqual({ code: '00000', data: { result: 'success' } });
  });
  it('any other command: a bare success', async () => {
    expect(await answerOf('logout')).toEqual({ code: '00000' });
  });
  it('setOnWebVisibleCallback: held until released', async () => {
    const { platform, delivered } = page();
    const sim = createNativeHostSimulator(platform, { appName: APP });
    post(platform, { id: 4, command: 'setOnWebVisibleCallback' });
    await flushMicrotasks();
    expect(delivered).toEqual([]);
    expect([...sim.held.keys()]).toEqual([4]);
  });
});

describe('scripted answers', () => {
  it('a route answers requestAction for its path and wins over a script of requestAction', async () => {
    const { platform, delivered } = page();
    const sim = createNativeHostSimulator(platform, { appName: APP });
    expect(sim.route('/r', { data: 'routed' })).toBe(sim);
    expect(sim.script('requestAction', { data: 'scripted' })).toBe(sim);
    post(platform, { id: 1, command: 'requestAction', payload: { path: '/r' } });
    post(platform, { id: 2, command: 'requestAction', payload: { path: '/other' } });
    await flushMicrotasks();
    expect(delivered).toEqual([
      [1, '{"code":"00000","data":"routed"}'],
      [2, '{"code":"00000","data":"scripted"}'],
    ]);
  });

  it('a route does not answer another command', async () => {
    const { platform, delivered } = page();
    const sim = createNativeHostSimulator(platform, { appName: APP });
    sim.route('undefined', { data: 'routed' });
    post(platform, { id: 1, command: 'logout' });
    await flushMicrotasks();
    expect(delivered).toEqual([[1, '{"code":"00000"}']]);
  });

  it('a behaviour function is called with the message and answers with what it returns', async () => {
    const { platform, delivered } = page();
    const sim = createNativeHostSimulator(platform, { appName: APP });
    const seen: unknown[] = [];
    sim.script('checkCameraPermission', (message) => (seen.push(message), { code: 7, msg: 'no' }));
    post(platform, { id: 3, command: 'checkCameraPermission', payload: { a: 1 } });
    await flushMicrotasks();
    expect(seen).toEqual([{ id: 3, command: 'checkCameraPermission', payload: { a: 1 } }]);
    expect(delivered).toEqual([[3, '{"code":7,"msg":"no"}']]);
  });

  it.each([
    ['malformed: the raw text', { malformed: '{not json', data: 1 }, '{not json'],
    ['empty: an empty payload', { empty: true, data: 1 }, ''],
    ['omitCode: no code', { omitCode: true, data: 1 }, '{"data":1}'],
    ['a code, data and msg', { code: '40001', data: [1], msg: 'm' }, '{"code":"40001","data":[1],"msg":"m"}'],
    ['nothing given: success', {}, '{"code":"00000"}'],
  ])('as JSON, %s', async (_name, answer, payload) => {
    const { platform, delivered } = page();
    const sim = createNativeHostSimulator(platform, { appName: APP });
    sim.script('logout', answer);
    post(platform, { id: 1, command: 'logout' });
    await flushMicrotasks();
    expect(delivered).toEqual([[1, payload]]);
  });

  it.each([
    ['empty: null', { empty: true }, null],
    ['omitCode: an object without code', { omitCode: true, msg: 'm' }, { msg: 'm' }],
    ['a code and data', { code: 200, data: { x: 1 } }, { code: 200, data: { x: 1 } }],
  ])('as objects, %s', async (_name, answer, payload) => {
    const { platform, delivered } = page();
    const sim = createNativeHostSimulator(platform, { appName: APP, encoding: 'object' });
    sim.script('logout', answer);
    post(platform, { id: 1, command: 'logout' });
    await flushMicrotasks();
    expect(delivered).toEqual([[1, payload]]);
  });

  it('twice: the same answer a second time, right after the first', async () => {
    const { platform, delivered } = page();
    const sim = createNativeHostSimulator(platform, { appName: APP });
    sim.script('logout', { twice: true, data: 1 });
    post(platform, { id: 1, command: 'logout' });
    await flushMicrotasks();
    expect(delivered).toEqual([
      [1, '{"code":"00000","data":1}'],
      [1, '{"code":"00000","data":1}'],
    ]);
  });

  it('delayMs: answers on the platform timers after that many ms; 0 answers on the next microtask', async () => {
    const { platform, delivered } = page();
    const sim = createNativeHostSimulator(platform, { appName: APP });
    sim.script('logout', { delayMs: 50, data: 'late' }).script('checkCameraPermission', { delayMs: 0, data: 'now' });
    post(platform, { id: 1, command: 'logout' });
    post(platform, { id: 2, command: 'checkCameraPermission' });
    await flushMicrotasks();
    expect(delivered).toEqual([[2, '{"code":"00000","data":"now"}']]);
    expect(platform.timers.pendingCount).toBe(1);
    await platform.advanceAsync(49);
    expect(delivered).toHaveLength(1);
    await platform.advanceAsync(1);
    expect(delivered).toEqual([
      [2, '{"code":"00000","data":"now"}'],
      [1, '{"code":"00000","data":"late"}'],
    ]);
  });
});

describe('held calls', () => {
  it('release answers a held call now (success by default) and forgets it', () => {
    const { platform, delivered } = page();
    const sim = createNativeHostSimulator(platform, { appName: APP });
    sim.script('logout', { never: true });
    post(platform, { id: 5, command: 'logout' });
    expect(sim.held.get(5)).toEqual({ id: 5, command: 'logout' });
    sim.release(5);
    expect(delivered).toEqual([[5, '{"code":"00000"}']]);
    expect(sim.held.size).toBe(0);
  });

  it('release with twice answers two times', () => {
    const { platform, delivered } = page();
    const sim = createNativeHostSimulator(platform, { appName: APP });
    post(platform, { id: 6, command: 'setOnWebVisibleCallback' });
    sim.release(6, { twice: true, data: { visible: true } });
    expect(delivered).toEqual([
      [6, '{"code":"00000","data":{"visible":true}}'],
      [6, '{"code":"00000","data":{"visible":true}}'],
    ]);
  });

  it('releasing an id that is not held is a typed error naming it', () => {
    const sim = createNativeHostSimulator(page().platform, { appName: APP });
    expect(() => sim.release(12)).toThrow(
      expect.objectContaining({ name: 'InvalidArgumentError', message: 'No held call with id 12', extra: { field: 'id', value: 12 } }),
    );
  });

  it('an answer JSON cannot carry is a typed error, and the call stays held', () => {
    const { platform, delivered } = page();
    const sim = createNativeHostSimulator(platform, { appName: APP });
    post(platform, { id: 7, command: 'setOnWebVisibleCallback' });
    expect(() => sim.release(7, { data: 1n })).toThrow(
      expect.objectContaining({
        name: 'InvalidArgumentError',
        message: 'simulator.release: answer must be an answer JSON can carry, got an object',
      }),
    );
    expect(sim.held.has(7)).toBe(true);
    expect(delivered).toEqual([]);
  });
});

describe('pushed events', () => {
  it('as JSON text, or as the value itself with object encoding', () => {
    const json = page();
    createNativeHostSimulator(json.platform, { appName: APP }).push('webVisible', { visible: true });
    expect(json.events).toEqual([['webVisible', '{"visible":true}']]);
    const object = page();
    createNativeHostSimulator(object.platform, { appName: APP, encoding: 'object' }).push('webVisible', { visible: true });
    expect(object.events).toEqual([['webVisible', { visible: true }]]);
  });

  it('an event without data carries undefined', () => {
    const { platform, events } = page();
    createNativeHostSimulator(platform, { appName: APP }).push('tick');
    expect(events).toEqual([['tick', undefined]]);
  });

  it('data JSON cannot carry is a typed error', () => {
    const { platform, events } = page();
    const sim = createNativeHostSimulator(platform, { appName: APP });
    expect(() => sim.push('x', 1n)).toThrow(
      expect.objectContaining({ name: 'InvalidArgumentError', message: 'simulator.push: data must be data JSON can carry, got 1n' }),
    );
    expect(events).toEqual([]);
  });

  it('the configured function names are the ones called', async () => {
    const { platform, delivered, events } = page({ callback: 'cb', event: 'ev' });
    const sim = createNativeHostSimulator(platform, { appName: APP, callbackFunctionName: 'cb', eventFunctionName: 'ev' });
    sim.push('e', 1);
    sim.answer(3, 'x');
    post(platform, { id: 4, command: 'logout' });
    await flushMicrotasks();
    expect(events).toEqual([['e', '1']]);
    expect(delivered).toEqual([
      [3, 'x'],
      [4, '{"code":"00000"}'],
    ]);
  });

  it('with no event function on the page a push is dropped without an error', () => {
    const platform = memoryPlatform();
    const sim = createNativeHostSimulator(platform, { appName: APP });
    expect(() => sim.push('x', 1)).not.toThrow();
    expect(platform.globals.get(DEFAULT_PROTOCOL_NAMES.eventFunctionName)).toBeUndefined();
  });
});
