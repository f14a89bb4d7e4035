// Defects found by the adversarial pass over methods, props, stores and cookie ports, each pinned to the typed
// error (or documented result) that replaced it. The classes are swept in method-contract.test.ts.
import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import * as core from '../../core/index.js';
import * as machines from '../../machines/index.js';
import { thrown } from './hostile-arguments.js';
import { inputClasses } from '../support/input-classes.js';

const { InvalidArgumentError, UserCallbackError, memoryPlatform } = core;

afterEach(() => vi.restoreAllMocks());

/** A DOM stand-in that records what is written to it. */
function recordingElement() {
  const attributes = new Map<string, string>();
  const listeners = new Map<string, unknown>();
  return {
    attributes,
    listeners,
    element: {
      style: {},
      setAttribute: (name: string, value: string) => void attributes.set(name.toLowerCase(), value),
      removeAttribute: (name: string) => void attributes.delete(name.toLowerCase()),
      addEventListener: (type: string, listener: unknown) => void listeners.set(type, listener),
      removeEventListener: (type: string) => void listeners.delete(type),
    } as unknown as HTMLElement,
  };
}

describe('event props take functions only: no inline handler is ever written', () => {
  it.each(['onClick', 'onclick', 'ONCLICK', 'OnMouseOver', 'onfocus'])('%s given a string is refused and nothing is applied', (key) => {
    const { element, attributes, listeners } = recordingElement();
    const error = thrown(() => core.applyProps(element, { id: 'x', [key]: 'alert(1)' }));
    expect(error).toBeInstanceOf(InvalidArgumentError);
    expect((error as InstanceType<typeof InvalidArgumentError>).extra).toMatchObject({ field: `props.${key}` });
    expect([...attributes.keys()]).toEqual([]);
    expect([...listeners.keys()]).toEqual([]);
  });

  it('a function under any case becomes the listener of the lower-case event, never an attribute', () => {
    const { element, attributes, listeners } = recordingElement();
    const click = () => undefined;
    core.applyProps(element, { onClick: click });
    expect(listeners.get('click')).toBe(click);
    expect(attributes.has('onclick')).toBe(false);
    core.applyProps(element, { onClick: null });
    expect(listeners.has('click')).toBe(false);
  });

  it('property: for any on* key and any value that is not a function, no attribute starting with "on" is written', () => {
    const drawn = inputClasses<unknown>({
      'an object': (v) => typeof v === 'object',
      'a string': (v) => typeof v === 'string',
      'another primitive': (v) => typeof v !== 'object' && typeof v !== 'string',
    });
    fc.assert(
      fc.property(
        fc.stringMatching(/^[oO][nN][a-zA-Z]{0,12}$/),
        fc.anything().filter((v) => typeof v !== 'function' && v !== undefined && v !== null),
        (key, value) => {
          drawn.see(value);
          const { element, attributes } = recordingElement();
          expect(() => core.applyProps(element, { [key]: value })).toThrow(InvalidArgumentError);
          expect([...attributes.keys()].filter((name) => name.startsWith('on'))).toEqual([]);
        },
      ),
      { numRuns: 400 },
    );
    drawn.expectEachDrawn(2);
  });
});

describe("connect handlers run the actor's send guarded", () => {
  const failing = () => {
    throw new Error('send broke');
  };
  const apis = (): [string, Record<string, unknown>][] => [
    ['connectButton', machines.connectButton({ loading: false, disabled: false, clickable: true }, failing) as never],
    [
      'connectDialog',
      machines.connectDialog({ state: 'open', zIndex: 2000, modal: true, owner: 'dlg' } as never, failing, {
        size: 'small',
        viewportWidth: 1024,
      }) as never,
    ],
    ['connectToaster', machines.connectToaster({ placements: [], queued: 0, regionId: 'exkit-toasts' } as never, failing) as never],
    [
      'connectToast',
      machines.connectToast(
        { id: 't1', type: 'info', message: 'Saved', closable: true, zIndex: 1, revision: 0, state: 'visible' } as never,
        failing,
        { id: 't1', offset: 10 } as never,
        failing,
      ) as never,
    ],
    [
      'connectNotification',
      machines.connectNotification(
        { id: 'n1', title: 'T', message: 'B', type: 'info', position: 'top-right', showClose: true, zIndex: 1, hovered: false } as never,
        failing,
        { id: 'n1', offset: 16 } as never,
        16,
      ) as never,
    ],
  ];

  it('every handler of every props getter, and every API method, returns; the throw is logged as a UserCallbackError', () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const event = { preventDefault: () => undefined, stopPropagation: () => undefined, key: 'Escape', target: null };
    let handlers = 0;
    for (const [name, api] of apis()) {
      for (const [key, member] of Object.entries(api)) {
        if (typeof member !== 'function') continue;
        if (/^get\w*Props$/.test(key)) {
          const props = (member as () => Record<string, unknown>)();
          for (const [prop, handler] of Object.entries(props)) {
            if (!/^on/i.test(prop) || typeof handler !== 'function') continue;
            handlers++;
            expect(() => (handler as (e: unknown) => void)(event), `${name}.${key}().${prop}`).not.toThrow();
          }
        } else if (key.startsWith('set')) {
          expect(() => (member as (v: unknown) => void)(true), `${name}.${key}`).not.toThrow();
        }
      }
    }
    expect(handlers).toBeGreaterThan(4);
    expect(logged).toHaveBeenCalled();
    expect(logged.mock.calls.every(([, cause]) => (cause as Error).message === 'send broke')).toBe(true);
  });
});

describe('store.set refuses a value without JSON text and keeps the old one', () => {
  it.each([
    ['undefined', undefined],
    ['a function', () => 1],
    ['a symbol', Symbol('s')],
    ['a BigInt', 10n],
  ])('%s: false, and the old value still reads', (_label, value) => {
    const store = core.createStore(memoryPlatform(), 'common');
    expect(store.set('k', { kept: true })).toBe(true);
    expect(store.set('k', value)).toBe(false);
    expect(store.get('k', null)).toEqual({ kept: true });
  });

  it('a key that is not a string is an InvalidArgumentError from every method, and nothing is written', () => {
    const platform = memoryPlatform();
    const store = core.createStore(platform, 'common');
    for (const call of [() => store.set(Symbol('k') as never, 1), () => store.get(null as never, 0), () => store.storageKey(5 as never)])
      expect(thrown(call)).toBeInstanceOf(InvalidArgumentError);
    expect(platform.localStorage.keys()).toEqual([]);
  });

  it('a guard that throws reads as the wrong shape: the fallback, and the throw is reported', () => {
    const platform = memoryPlatform();
    const store = core.createStore(platform, 'common');
    store.set('k', 1);
    const guard = (() => {
      throw new Error('guard');
    }) as unknown as (v: unknown) => v is number;
    expect(store.get('k', 7, guard)).toBe(7);
    expect(platform.reports.at(-1)).toMatchObject({ event: core.CALLBACK_FAILED_EVENT });
  });
});

describe('a custom cookie port that throws fails the call with a UserCallbackError, reported', () => {
  const throwingJar = (platform: core.MemoryPlatform) => ({
    ...platform,
    cookies: {
      get: () => {
        throw new Error('jar get');
      },
      set: () => {
        throw new Error('jar set');
      },
      remove: () => true,
    },
  });

  it('readJsonCookie and readPreferencesCookie', () => {
    const platform = memoryPlatform();
    const broken = throwingJar(platform);
    for (const call of [() => core.readJsonCookie(broken, 'prefs'), () => core.readPreferencesCookie(broken)]) {
      const error = thrown(call);
      expect(error).toBeInstanceOf(UserCallbackError);
      expect((error as Error).cause).toMatchObject({ message: 'jar get' });
    }
    expect(platform.reports.filter((r) => r.event === core.CALLBACK_FAILED_EVENT)).toHaveLength(2);
  });

  it('createPreferences().set: typed, and the preferences keep their old value', () => {
    const platform = memoryPlatform();
    const working = core.createPreferences(platform);
    const before = working.get();
    const broken = core.createPreferences({ ...platform, cookies: { ...platform.cookies, set: throwingJar(platform).cookies.set } });
    const theme = before.theme === 'white' ? 'black' : 'white';
    expect(thrown(() => broken.set({ theme } as never))).toBeInstanceOf(UserCallbackError);
    expect(broken.get().theme).toBe(before.theme);
  });

  it('writeJsonCookie passes an InvalidArgumentError of the jar through as it is', () => {
    const platform = memoryPlatform();
    expect(thrown(() => core.writeJsonCookie(platform, '', 1))).toBeInstanceOf(InvalidArgumentError);
  });

  it('preferences.set(null) is an InvalidArgumentError naming the patch, and nothing changes', () => {
    const preferences = core.createPreferences(memoryPlatform());
    const before = preferences.get();
    expect(thrown(() => preferences.set(null as never))).toMatchObject({ name: 'InvalidArgumentError', extra: { field: 'patch' } });
    expect(preferences.get()).toBe(before);
  });
});

describe('the bridge transport after dispose() posts nothing', () => {
  it('send() and call() are refused typed; no message reaches the native side; the counters stay', async () => {
    const platform = memoryPlatform();
    const posted: string[] = [];
    const transport = new core.BridgeTransport({
      timers: platform.timers,
      crypto: platform.crypto,
      post: (m: string) => void posted.push(m),
    } as never);
    transport.send('logout', undefined);
    expect(posted).toHaveLength(1);
    transport.dispose();
    expect(thrown(() => transport.send('logout', undefined))).toMatchObject({
      name: 'AppJSBridgeRequestActionError',
      extra: { reason: 'disposed' },
    });
    await expect(transport.call('getToken', undefined, { timeoutMs: 100 })).rejects.toMatchObject({ extra: { reason: 'disposed' } });
    expect(posted).toHaveLength(1);
    expect(transport.stats.sent).toBe(1);
    expect(transport.pendingCount).toBe(0);
  });

  it('a bridge disposed refuses its commands typed and posts nothing', async () => {
    const platform = memoryPlatform();
    const simulator = core.createNativeHostSimulator(platform, { appName: 'App', os: 'ios', appVersion: '9.0.0' });
    const bridge = core.createBridge(platform, { appName: 'App' });
    bridge.dispose();
    await expect(bridge.commands.logout()).rejects.toMatchObject({ extra: { reason: 'disposed' } });
    await expect(bridge.request('/a')).rejects.toMatchObject({ extra: { reason: 'disposed' } });
    expect(simulator.received).toEqual([]);
    expect(bridge.stats.sent).toBe(0);
  });

  it('bridge.request with null options rejects typed instead of throwing', async () => {
    const bridge = core.createBridge(memoryPlatform(), { appName: 'App' });
    let result: Promise<unknown> | undefined;
    expect(() => (result = bridge.request('/a', {}, null as never))).not.toThrow();
    await expect(result).rejects.toBeInstanceOf(InvalidArgumentError);
  });
});

describe('compareVersions compares parts of any length exactly', () => {
  it('20-digit parts that floating point cannot tell apart', () => {
    expect(core.compareVersions('99999999999999999999', '99999999999999999998')).toBe(1);
    expect(core.compareVersions('1.99999999999999999998', '1.99999999999999999999')).toBe(-1);
    expect(core.compareVersions('007.1', '7.01')).toBe(0);
  });

  it('property: parts that agree in their first 17 or more digits still compare by the digits after', () => {
    const drawn = inputClasses<[number, number]>({ smaller: ([x, y]) => x < y, larger: ([x, y]) => x > y, equal: ([x, y]) => x === y });
    fc.assert(
      fc.property(fc.stringMatching(/^[1-9]\d{16,28}$/), fc.nat(9), fc.nat(9), (prefix, x, y) => {
        drawn.see([x, y]);
        expect(core.compareVersions(`1.${prefix}${x}`, `1.${prefix}${y}`)).toBe(Math.sign(x - y));
      }),
      { numRuns: 200 },
    );
    drawn.expectEachDrawn(5);
  });

  it('property: the order of dotted versions is the order of their parts as BigInts', () => {
    const version = fc.array(fc.oneof(fc.stringMatching(/^\d{1,3}$/), fc.stringMatching(/^\d{16,30}$/)), { minLength: 1, maxLength: 4 });
    const beyondDoubles = (parts: string[]) => parts.some((part) => BigInt(part) > BigInt(Number.MAX_SAFE_INTEGER));
    const drawn = inputClasses<[string[], string[]]>({
      'a part beyond 2^53': ([a, b]) => beyondDoubles(a) || beyondDoubles(b),
      'equal versions written differently': ([a, b]) => a.join('.') !== b.join('.') && core.compareVersions(a.join('.'), b.join('.')) === 0,
      'leading zeros': ([a]) => a.some((part) => /^0\d/.test(part)),
    });
    // Two versions apart, and a version beside the same one written with leading zeros or a trailing zero part.
    const pair = fc.oneof(
      fc.tuple(version, version),
      version.map((a) => [a, a.map((part) => `0${part}`)] as [string[], string[]]),
      version.map((a) => [a, [...a, '0']] as [string[], string[]]),
    );
    fc.assert(
      fc.property(pair, ([a, b]) => {
        drawn.see([a, b]);
        let expected = 0;
        for (let i = 0; i < Math.max(a.length, b.length) && expected === 0; i++) {
          const x = BigInt(a[i] ?? '0');
          const y = BigInt(b[i] ?? '0');
          expected = x < y ? -1 : x > y ? 1 : 0;
        }
        expect(core.compareVersions(a.join('.'), b.join('.'))).toBe(expected);
      }),
      { numRuns: 500 },
    );
    drawn.expectEachDrawn(3);
  });
});

describe('signedPayload signs only the documented modes', () => {
  const body = new TextEncoder().encode('{"a":1}');

  it.each([3, '1', null, undefined, 2.5, Number.NaN])('mode %j is refused, never signed as another mode', (mode) => {
    expect(thrown(() => core.signedPayload(mode as never, 'a=b', body))).toMatchObject({
      name: 'InvalidArgumentError',
      extra: { field: 'mode' },
    });
  });

  it('mode 2 with a query that is not a string is an InvalidArgumentError, not a TypeError', () => {
    expect(thrown(() => core.signedPayload(2, null as never, body))).toMatchObject({
      name: 'InvalidArgumentError',
      extra: { field: 'query' },
    });
  });

  it('modes 0, 1 and 2 give nothing, the body, and query + newline + body', () => {
    expect(core.signedPayload(0, 'a=b', body)).toEqual(new Uint8Array());
    expect(core.signedPayload(1, 'a=b', body)).toEqual(body);
    expect(new TextDecoder().decode(core.signedPayload(2, 'a=b', body))).toBe('a=b\n{"a":1}');
  });
});

describe('a refused call that records state changes nothing', () => {
  it('http.use(undefined) is refused before it is recorded: later use(), createSecurity and riskToken.install still work', () => {
    const platform = memoryPlatform();
    const http = core.createHttpClient(platform, { baseUrl: 'https://api.example.com' });
    expect(thrown(() => http.use(undefined as never))).toBeInstanceOf(InvalidArgumentError);
    expect(thrown(() => http.use({ beforeRequest: [null] } as never))).toMatchObject({ extra: { field: 'hooks.beforeRequest[0]' } });
    const remove = http.use({ beforeRequest: [] });
    expect(typeof remove).toBe('function');
    const security = core.createSecurity(platform, { certificatePem: 'x', http });
    const riskToken = machines.createRiskTokenService(platform, { fetchToken: async () => undefined as never });
    expect(typeof riskToken.install(http)).toBe('function');
    security.dispose();
    riskToken.dispose();
    http.dispose();
  });

  it('security setters refuse what is not a config, key or pair, and keep the state', () => {
    const security = core.createSecurity(memoryPlatform(), { certificatePem: 'x' });
    const before = security.snapshot();
    expect(thrown(() => security.setConfig(null as never))).toBeInstanceOf(InvalidArgumentError);
    expect(thrown(() => security.setServerKey({} as never))).toBeInstanceOf(InvalidArgumentError);
    expect(thrown(() => security.setClientKey(undefined as never))).toBeInstanceOf(InvalidArgumentError);
    expect(security.snapshot()).toEqual(before);
    security.dispose();
  });

  it('security.fetchConfig(null) rejects with InvalidArgumentError', async () => {
    const security = core.createSecurity(memoryPlatform(), { certificatePem: 'x' });
    await expect(security.fetchConfig(null as never)).rejects.toBeInstanceOf(InvalidArgumentError);
    security.dispose();
  });

  it('an RSA engine refuses a modulus length that is not a whole number of bytes in range (Node would abort the process)', async () => {
    const engine = core.webCryptoEngine(globalThis.crypto.subtle);
    for (const bits of [Number.NaN, -1, 2 ** 40, 1023.5, 0, '2048'])
      await expect(engine.generateKeyPair(bits as never)).rejects.toMatchObject({ name: 'InvalidArgumentError', extra: { field: 'bits' } });
  });

  it('simulation.navigate refuses a path that is not a string; nothing is navigated', () => {
    const platform = memoryPlatform();
    const simulation = core.createSimulationMode(platform);
    expect(thrown(() => simulation.navigate(Symbol('p') as never))).toBeInstanceOf(InvalidArgumentError);
    expect(platform.navigations).toEqual([]);
  });

  it('layerStack.push refuses a layer whose callbacks are not functions; key and pointer handling keep working', () => {
    const stack = core.createLayerStack(undefined);
    expect(thrown(() => stack.push(null as never))).toBeInstanceOf(InvalidArgumentError);
    expect(thrown(() => stack.push({ onEscape: 'close' } as never))).toBeInstanceOf(InvalidArgumentError);
    expect(stack.size).toBe(0);
    const escaped: unknown[] = [];
    stack.push({ onEscape: (e) => escaped.push(e) });
    expect(stack.handleKeyDown({ key: 'Escape', isComposing: false, stopPropagation: () => undefined } as never)).toBe(true);
    expect(escaped).toHaveLength(1);
    expect(thrown(() => stack.handleKeyDown(undefined as never))).toBeInstanceOf(InvalidArgumentError);
  });
});

describe('the manual clock offers no method that drops a timer', () => {
  it('takeDue is not reachable at run time; a queued timer still runs after every method was called with hostile values', () => {
    const timers = new core.ManualTimers();
    let ran = 0;
    timers.setTimeout(() => ran++, 10);
    expect('takeDue' in timers).toBe(false);
    for (const name of ['now', 'clearTimeout', 'setNow'] as const)
      for (const value of [null, Number.POSITIVE_INFINITY, -1, 'x', {}])
        try {
          (timers[name] as (v: unknown) => unknown).call(timers, value);
        } catch (error) {
          expect(error).toBeInstanceOf(InvalidArgumentError);
        }
    expect(timers.pendingCount).toBe(1);
    timers.setNow(0);
    timers.advance(10);
    expect(ran).toBe(1);
  });
});
