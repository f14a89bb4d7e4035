// The bridge's contract at its edges: what createBridge, its methods and the detection helpers say about a wrong
// argument, the detection corners (no OS in the user agent, both handler objects), the typed errors' texts, and
// the frozen tables read entry by entry.
import { describe, expect, it } from 'vitest';
import {
  AppResponseUnSuccessError,
  BRIDGE_COMMANDS,
  BRIDGE_COMMAND_NAMES,
  BridgeCallAbortedError,
  DEFAULT_BRIDGE_TIMEOUTS,
  DEFAULT_PROTOCOL_NAMES,
  TITLE_BAR_THEME_COLORS,
  UnknownBridgeCommandError,
  appVersionFromUserAgent,
  createBridge,
  detectApp,
  decodeCallbackId,
  encodeMessage,
  flushMicrotasks,
  isAppSuccessCode,
  isBridgeCommand,
  isBridgeTimeoutError,
  memoryPlatform,
  normalizePayload,
  osFromUserAgent,
  readAnswer,
  resolveProtocol,
  AppJSBridgeRequestActionError,
} from '../../../core/index.js';
import type { NativeEvent } from '../../../core/index.js';
import { APP_NAME, inApp, inBrowser } from './setup.js';

const protocol = resolveProtocol({ appName: APP_NAME });
const handler = () => ({ postMessage: () => undefined });

describe('createBridge refuses what it cannot work with, naming it', () => {
  it('options that are not an object', () => {
    expect(() => createBridge(memoryPlatform(), null as never)).toThrow(
      expect.objectContaining({ name: 'InvalidArgumentError', message: 'createBridge: options must be an object, got null' }),
    );
  });

  it.each(['crypto', 'errors', 'globals', 'location', 'timers'])('a platform without %s', (key) => {
    const platform = { ...memoryPlatform() } as Record<string, unknown>;
    delete platform[key];
    expect(() => createBridge(platform as never, { appName: APP_NAME })).toThrow(
      expect.objectContaining({ name: 'InvalidArgumentError', message: `createBridge: platform.${key} must be an object, got undefined` }),
    );
  });

  it.each([[undefined], [''], [7]])('an app name of %s', (appName) => {
    expect(() => createBridge(memoryPlatform(), { appName } as never)).toThrow(
      expect.objectContaining({
        name: 'InvalidArgumentError',
        message: 'createBridge needs the app name as it appears in the user agent',
        extra: { field: 'appName', value: appName },
      }),
    );
  });

  it.each([['v2.0'], ['2-5'], ['2.'], ['.2'], ['2.x'], [''], [2]])('an app version of %s (not dotted numeric)', (appVersion) => {
    expect(() => createBridge(memoryPlatform(), { appName: APP_NAME, appVersion } as never)).toThrow(
      expect.objectContaining({
        name: 'InvalidArgumentError',
        message: `appVersion must be a dotted numeric version, got ${typeof appVersion === 'string' ? JSON.stringify(appVersion) : appVersion}`,
        extra: { field: 'appVersion', value: appVersion },
      }),
    );
  });

  it.each([['12'], ['12.3.45'], ['0.0.1.2']])('a dotted numeric app version %s is taken as given', (appVersion) => {
    expect(createBridge(memoryPlatform(), { appName: APP_NAME, appVersion }).appVersion).toBe(appVersion);
  });

  it('a minimum-version override left undefined keeps the table value', () => {
    const bridge = createBridge(memoryPlatform(), { appName: APP_NAME, minVersions: { logout: undefined, metaTitle: '2.0' } });
    expect(bridge.minVersions.logout).toBe(BRIDGE_COMMANDS.logout.minVersion);
    expect(bridge.minVersions.metaTitle).toBe('2.0');
  });

  it('a timeout override says what it must be', () => {
    expect(() => createBridge(memoryPlatform(), { appName: APP_NAME, timeouts: { palmPrint: -5 } })).toThrow(
      expect.objectContaining({
        message: `createBridge: timeouts.palmPrint must be a positive, finite number of ms up to ${2 ** 31 - 1}`,
      }),
    );
  });

  it('the timeout classes are the defaults with the overrides laid over them', () => {
    expect(createBridge(memoryPlatform(), { appName: APP_NAME, timeouts: { appRequest: 500 } }).timeouts).toEqual({
      ...DEFAULT_BRIDGE_TIMEOUTS,
      appRequest: 500,
    });
  });
});

describe('bridge methods reject (never throw) a wrong argument, and send nothing', () => {
  it('request: path, params and options', async () => {
    const { bridge, sim } = inApp();
    const calls = [
      [() => bridge.request(5 as never), 'bridge.request: path must be a string, got 5'],
      [() => bridge.request('/x', [] as never), 'bridge.request: params must be an object, got an array'],
      [() => bridge.request('/x', null as never), 'bridge.request: params must be an object, got null'],
      [() => bridge.request('/x', undefined, 5 as never), 'bridge.request: options must be an object, got 5'],
    ] as const;
    for (const [call, message] of calls) {
      let result: Promise<unknown> | undefined;
      expect(() => (result = call())).not.toThrow();
      await expect(result).rejects.toMatchObject({ name: 'InvalidArgumentError', message });
    }
    expect(sim.received).toEqual([]);
  });

  it('a command: its options, after the payload or alone', async () => {
    const { bridge, sim } = inApp();
    await expect(bridge.commands.metaTitle({ title: 't' }, 5 as never)).rejects.toMatchObject({
      name: 'InvalidArgumentError',
      message: 'metaTitle: options must be an object, got 5',
    });
    await expect(bridge.commands.logout('x' as never)).rejects.toMatchObject({
      message: 'logout: options must be an object, got "x"',
    });
    expect(sim.received).toEqual([]);
  });

  it('a payload its command cannot read is named with the command', async () => {
    const { bridge, sim } = inApp();
    await expect((bridge.commands.changeTitleBarTheme as (p?: unknown) => Promise<unknown>)()).rejects.toMatchObject({
      name: 'InvalidArgumentError',
      message: 'changeTitleBarTheme: payload must be the payload of changeTitleBarTheme, got undefined',
    });
    expect(sim.received).toEqual([]);
  });

  it('openDeepLink without the deepLinks option names the option', async () => {
    await expect(inApp().bridge.openDeepLink('home/home')).rejects.toMatchObject({
      name: 'InvalidArgumentError',
      message: 'openDeepLink needs the deepLinks option of createBridge',
      extra: { field: 'deepLinks' },
    });
  });
});

describe('bridge behaviour at the edges', () => {
  it('a per-call timeout overrides the class default for a command too', async () => {
    const { bridge, sim, platform } = inApp();
    sim.script('sendTokenToWeb', { never: true });
    let error: unknown;
    void bridge.commands.sendTokenToWeb({ timeoutMs: 40 }).catch((e: unknown) => (error = e));
    await platform.advanceAsync(39);
    expect(error).toBeUndefined();
    await platform.advanceAsync(1);
    expect(error).toMatchObject({ name: 'AppRequestCallbackTimeout' });
  });

  it('an event with an empty name is malformed, counted and not delivered', () => {
    const { bridge, platform } = inApp();
    const seen: NativeEvent[] = [];
    bridge.events$.subscribe((event) => seen.push(event));
    const fn = platform.globals.get(bridge.protocol.eventFunctionName) as (name: unknown, payload?: unknown) => void;
    fn('', '{}');
    fn('ok');
    expect(bridge.stats.malformedEvents).toBe(1);
    expect(seen).toEqual([{ name: 'ok', data: undefined }]);
  });

  it('an event payload that is not text arrives as it is', () => {
    const { bridge, platform } = inApp();
    const seen: NativeEvent[] = [];
    bridge.events$.subscribe((event) => seen.push(event));
    // Even one whose text would parse as JSON: only text is parsed.
    const payload = { toString: () => '{"n":1}' };
    (platform.globals.get(bridge.protocol.eventFunctionName) as (name: string, payload: unknown) => void)('e', payload);
    expect(seen[0]!.data).toBe(payload);
  });

  it('dispose removes both global functions and completes the events', () => {
    const { bridge, platform } = inApp();
    let completed = false;
    bridge.events$.subscribe({ complete: () => (completed = true) });
    bridge.dispose();
    expect(platform.globals.get(bridge.protocol.callbackFunctionName)).toBeUndefined();
    expect(platform.globals.get(bridge.protocol.eventFunctionName)).toBeUndefined();
    expect(completed).toBe(true);
  });

  it('dispose leaves global functions another bridge installed since', () => {
    const platform = memoryPlatform({ userAgent: `x ${APP_NAME}/2.56.0` });
    const first = createBridge(platform, { appName: APP_NAME });
    const second = createBridge(platform, { appName: APP_NAME });
    const callback = platform.globals.get(DEFAULT_PROTOCOL_NAMES.callbackFunctionName);
    const event = platform.globals.get(DEFAULT_PROTOCOL_NAMES.eventFunctionName);
    first.dispose();
    expect(platform.globals.get(DEFAULT_PROTOCOL_NAMES.callbackFunctionName)).toBe(callback);
    expect(platform.globals.get(DEFAULT_PROTOCOL_NAMES.eventFunctionName)).toBe(event);
    second.dispose();
    expect(platform.globals.get(DEFAULT_PROTOCOL_NAMES.callbackFunctionName)).toBeUndefined();
  });

  it('supports: false for a name outside the catalogue and for a command the page may not send', () => {
    expect(inApp().bridge.supports('selfDestruct' as never)).toBe(false);
    expect(inApp().bridge.supports('logout')).toBe(true);
    expect(inBrowser().bridge.supports('logout')).toBe(false);
  });

  it('a command answered with code 200 resolves with the code as text', async () => {
    const { bridge, sim } = inApp();
    sim.script('checkCameraPermission', { code: 200, data: { granted: false } });
    expect(await bridge.commands.checkCameraPermission()).toEqual({
      status: 'answered',
      command: 'checkCameraPermission',
      code: '200',
      data: { granted: false },
    });
  });

  it('a fallback below the minimum version of a request answers with its code as text', async () => {
    const { bridge } = inApp({ appVersion: '1.0.0' });
    await flushMicrotasks();
    await expect(bridge.request('/x', undefined, { fallback: async () => ({ code: 200 as never, data: 1 }) })).resolves.toEqual({
      status: 'fallback',
      code: '200',
      data: 1,
      reason: 'below-minimum-version',
      minimumVersion: '1.2.51',
      appVersion: '1.0.0',
    });
  });
});

describe('app detection corners', () => {
  it('the app name in a user agent that names no OS: in the app, host app, OS other', () => {
    expect(detectApp(`Custom/1.0 ${APP_NAME}/2.0.0`, memoryPlatform().globals, protocol)).toEqual({
      inApp: true,
      host: 'app',
      os: 'other',
      appVersion: '2.0.0',
      detectedBy: 'user-agent',
    });
  });

  it('no app name, no handlers, no OS: the web', () => {
    expect(detectApp('Custom/1.0', memoryPlatform().globals, protocol)).toEqual({
      inApp: false,
      host: 'web',
      os: 'other',
      appVersion: null,
      detectedBy: null,
    });
  });

  it('the iOS handler decides the OS over the user agent, and over an Android interface', () => {
    const platform = memoryPlatform();
    platform.globals.set('webkit', { messageHandlers: { [protocol.iosHandlerName]: handler() } });
    platform.globals.set(protocol.androidInterfaceName, handler());
    expect(detectApp('Mozilla/5.0 (Linux; Android 14)', platform.globals, protocol)).toMatchObject({ host: 'ios', os: 'ios' });
  });

  it('the Android interface decides the OS over an iPhone user agent', () => {
    const platform = memoryPlatform();
    platform.globals.set(protocol.androidInterfaceName, handler());
    expect(detectApp('Mozilla/5.0 (iPhone)', platform.globals, protocol)).toMatchObject({ host: 'android', os: 'android' });
  });

  it.each([
    ['webkit without messageHandlers', (g: Map<string, unknown>) => g.set('webkit', {})],
    ['a null interface', (g: Map<string, unknown>) => g.set(protocol.androidInterfaceName, null)],
    ['a text interface', (g: Map<string, unknown>) => g.set(protocol.androidInterfaceName, 'postMessage')],
    ['a null iOS handler', (g: Map<string, unknown>) => g.set('webkit', { messageHandlers: { [protocol.iosHandlerName]: null } })],
  ])('%s is no handler', (_name, install) => {
    const platform = memoryPlatform();
    const store = new Map<string, unknown>();
    install(store);
    for (const [k, v] of store) platform.globals.set(k, v);
    expect(detectApp('Mozilla/5.0', platform.globals, protocol)).toMatchObject({ inApp: false, detectedBy: null });
  });

  it('an empty app name matches no user agent', () => {
    expect(detectApp('Mozilla/5.0 x/1.0', memoryPlatform().globals, { ...protocol, appName: '' }).inApp).toBe(false);
  });

  it('detectApp names a wrong argument', () => {
    expect(() => detectApp(5 as never, memoryPlatform().globals, protocol)).toThrow(
      expect.objectContaining({ name: 'InvalidArgumentError', message: 'detectApp: userAgent must be a string, got 5' }),
    );
    expect(() => detectApp('x', null as never, protocol)).toThrow(
      expect.objectContaining({ message: 'detectApp: globals must be an object with get, got null' }),
    );
  });

  it('the version after the app name is read whatever the case of the name, with a multi-digit first part', () => {
    expect(appVersionFromUserAgent(`x ${APP_NAME.toLowerCase()}/12.3.4`, APP_NAME)).toBe('12.3.4');
    expect(appVersionFromUserAgent(`x ${APP_NAME}/10`, APP_NAME)).toBe('10');
  });

  it('a name longer than the user agent has no version in it', () => {
    expect(appVersionFromUserAgent('A/1', 'A/1 and more')).toBeNull();
  });

  it('the user-agent helpers name a wrong argument', () => {
    expect(() => appVersionFromUserAgent(1 as never, 'A')).toThrow(
      expect.objectContaining({ message: 'appVersionFromUserAgent: userAgent must be a string, got 1' }),
    );
    expect(() => appVersionFromUserAgent('x', null as never)).toThrow(
      expect.objectContaining({ message: 'appVersionFromUserAgent: appName must be a string, got null' }),
    );
    expect(() => osFromUserAgent(undefined as never)).toThrow(
      expect.objectContaining({ message: 'osFromUserAgent: userAgent must be a string, got undefined' }),
    );
  });

  it.each([
    ['Mozilla/5.0 (iPod touch; CPU iPhone OS 12_0)', 'ios'],
    ['Mozilla/5.0 (iPod; U)', 'ios'],
    ['Mozilla/5.0 (iPhone; CPU iPhone OS 17_5)', 'ios'],
    ['Mozilla/5.0 (IPAD)', 'ios'],
    ['Mozilla/5.0 (Linux; ANDROID 9)', 'android'],
    ['Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7)', 'other'],
  ])('the OS of %s is %s', (ua, os) => {
    expect(osFromUserAgent(ua)).toBe(os);
  });
});

describe('the protocol names', () => {
  it('default to the generic exkit names', () => {
    expect(DEFAULT_PROTOCOL_NAMES).toEqual({
      iosHandlerName: 'exkitBridge',
      androidInterfaceName: 'exkitBridge',
      callbackFunctionName: '__exkitBridgeCallback',
      eventFunctionName: '__exkitBridgeEvent',
    });
    expect(resolveProtocol({ appName: 'A' })).toEqual({ appName: 'A', ...DEFAULT_PROTOCOL_NAMES });
  });

  it('each must be text', () => {
    expect(() => resolveProtocol({ appName: 5 } as never)).toThrow(
      expect.objectContaining({ name: 'InvalidArgumentError', message: 'resolveProtocol: protocol.appName must be a string, got 5' }),
    );
    for (const key of Object.keys(DEFAULT_PROTOCOL_NAMES)) {
      expect(() => resolveProtocol({ appName: 'A', [key]: null } as never)).toThrow(
        expect.objectContaining({ message: `resolveProtocol: protocol.${key} must be a string, got null` }),
      );
    }
    expect(() => resolveProtocol(null as never)).toThrow(
      expect.objectContaining({ message: 'resolveProtocol: protocol must be an object, got null' }),
    );
  });

  it('a message JSON cannot encode is a typed error', () => {
    expect(() => encodeMessage({ command: 'x', payload: 1n })).toThrow(
      expect.objectContaining({
        name: 'InvalidArgumentError',
        message: 'encodeMessage: message must be a message JSON can encode, got an object',
      }),
    );
    expect(encodeMessage({ id: 1, command: 'x' })).toBe('{"id":1,"command":"x"}');
  });
});

describe('reading a native answer', () => {
  it.each<[string, unknown, unknown]>([
    ['undefined', undefined, { kind: 'uncoded', reason: 'empty', answerType: 'undefined' }],
    ['null', null, { kind: 'uncoded', reason: 'empty', answerType: 'null' }],
    ['empty text', '', { kind: 'uncoded', reason: 'empty', answerType: 'string' }],
    ['the JSON text null', 'null', { kind: 'uncoded', reason: 'empty', answerType: 'null' }],
    ['text that is not JSON', '{no', { kind: 'uncoded', reason: 'not-json', answerType: 'string' }],
    ['a JSON array', '[1]', { kind: 'uncoded', reason: 'not-an-object', answerType: 'array' }],
    ['an array', [{ code: '00000' }], { kind: 'uncoded', reason: 'not-an-object', answerType: 'array' }],
    ['a JSON number', '5', { kind: 'uncoded', reason: 'not-an-object', answerType: 'number' }],
    ['no code', {}, { kind: 'uncoded', reason: 'no-code', answerType: 'object' }],
    ['a null code', { code: null }, { kind: 'uncoded', reason: 'no-code', answerType: 'object' }],
    ['an empty code', '{"code":""}', { kind: 'uncoded', reason: 'no-code', answerType: 'object' }],
    ['a code that is not finite', { code: Number.NaN }, { kind: 'uncoded', reason: 'invalid-code', answerType: 'object' }],
    ['a boolean code', { code: true }, { kind: 'uncoded', reason: 'invalid-code', answerType: 'object' }],
    ['a text code and msg', { code: '22001', msg: 'm', data: 1 }, { kind: 'coded', code: '22001', msg: 'm', data: 1 }],
    ['a text code, msg not text', { code: '22001', msg: 5 }, { kind: 'coded', code: '22001', msg: undefined, data: undefined }],
    ['a number code and msg', '{"code":200,"msg":"ok","data":[1]}', { kind: 'coded', code: '200', msg: 'ok', data: [1] }],
    ['a number code, msg not text', { code: 0, msg: {} }, { kind: 'coded', code: '0', msg: undefined, data: undefined }],
  ])('%s', (_name, raw, expected) => {
    expect(readAnswer(raw)).toEqual(expected);
  });

  it.each<[unknown, number | undefined]>([
    [7, 7],
    ['12', 12],
    [' 12 ', 12],
    ['', undefined],
    ['   ', undefined],
    ['abc', undefined],
    [1.5, undefined],
    ['9007199254740993', undefined],
    [null, undefined],
    [true, undefined],
  ])('the callback id %j reads as %s', (raw, id) => {
    expect(decodeCallbackId(raw)).toBe(id);
  });
});

describe('the command tables, entry by entry', () => {
  it('timeout classes and payload-less commands', () => {
    const timeouts = Object.fromEntries(
      BRIDGE_COMMAND_NAMES.flatMap((c) => (BRIDGE_COMMANDS[c].timeout ? [[c, BRIDGE_COMMANDS[c].timeout]] : [])),
    );
    expect(timeouts).toEqual({
      sendTokenToWeb: 'callback',
      requestAction: 'appRequest',
      getWebLocalStorage: 'callback',
      checkCameraPermission: 'callback',
      setOnWebVisibleCallback: 'webVisible',
      getAppUsdtRateData: 'callback',
      palmPrintRegister: 'palmPrint',
      palmPrintVerify: 'palmPrint',
    });
    expect(BRIDGE_COMMAND_NAMES.filter((c) => BRIDGE_COMMANDS[c].noPayload === true)).toEqual([
      'logout',
      'sendTokenToWeb',
      'checkCameraPermission',
      'setOnWebVisibleCallback',
      'getAppUsdtRateData',
      'navigationGoback',
    ]);
    for (const command of BRIDGE_COMMAND_NAMES) {
      expect(
        Object.keys(BRIDGE_COMMANDS[command]).every((k) => ['minVersion', 'source', 'timeout', 'noPayload', 'platforms'].includes(k)),
      ).toBe(true);
    }
  });

  it('title-bar colours per theme, and light for a theme it does not know', () => {
    expect(TITLE_BAR_THEME_COLORS).toEqual({
      light: { backgroundColor: '#FFFFFF', textColor: '#000000' },
      dark: { backgroundColor: '#000000', textColor: '#FFFFFF' },
    });
    expect(normalizePayload('changeTitleBarTheme', { theme: 'sepia' as never })).toEqual({
      theme: 'sepia',
      backgroundColor: '#FFFFFF',
      textColor: '#000000',
    });
    expect(normalizePayload('changeTitleBarTheme', { theme: 'dark', backgroundColor: '#111111' })).toEqual({
      theme: 'dark',
      backgroundColor: '#111111',
      textColor: '#FFFFFF',
    });
  });

  it('other commands keep their payload as given', () => {
    const payload = { title: 'x' };
    expect(normalizePayload('metaTitle', payload)).toBe(payload);
    expect(normalizePayload('setBottomActions', { close: false, refresh: false })).toEqual({ copy: true, close: false, refresh: false });
  });

  it('only catalogue names are commands: not a lookalike object, not an inherited key', () => {
    expect(isBridgeCommand({ toString: () => 'logout' } as never)).toBe(false);
    expect(isBridgeCommand('constructor')).toBe(false);
    expect(isBridgeCommand('logout')).toBe(true);
  });

  it('success codes are 00000 and 200, as text or number, and nothing else', () => {
    expect([isAppSuccessCode('00000'), isAppSuccessCode('200'), isAppSuccessCode(200)]).toEqual([true, true, true]);
    for (const other of [['200'], ['00000'], 0, '0', true, null, undefined, { toString: () => '200' }])
      expect(isAppSuccessCode(other)).toBe(false);
  });
});

describe('the typed bridge errors', () => {
  it('AppResponseUnSuccessError without a message, or with an empty one, says the answer was unsuccessful', () => {
    expect(new AppResponseUnSuccessError('22001', undefined)).toMatchObject({
      code: '22001',
      msg: 'App Response Unsuccessful',
      timedOut: false,
    });
    expect(new AppResponseUnSuccessError('22001', '').msg).toBe('App Response Unsuccessful');
    expect(new AppResponseUnSuccessError('-1', 'x').msg).toBe('Network error. Try again later.');
  });

  it('AppJSBridgeRequestActionError carries its code, message and reason', () => {
    expect(new AppJSBridgeRequestActionError({ reason: 'no-handler', command: 'logout' })).toMatchObject({
      name: 'AppJSBridgeRequestActionError',
      code: 'APP_JSBRIDGE_REQUEST_ACTION',
      msg: 'App Jsbridge Request Action Error',
      extra: { reason: 'no-handler', command: 'logout' },
    });
  });

  it('BridgeCallAbortedError and UnknownBridgeCommandError name the command', () => {
    expect(new BridgeCallAbortedError('requestAction')).toMatchObject({
      code: 'BRIDGE_CALL_ABORTED',
      message: "The bridge call 'requestAction' was aborted",
      extra: { command: 'requestAction' },
    });
    expect(new UnknownBridgeCommandError('selfDestruct')).toMatchObject({
      code: 'BRIDGE_UNKNOWN_COMMAND',
      message: 'Unknown bridge command: "selfDestruct"',
      extra: { command: 'selfDestruct' },
    });
  });

  it('an aborted call names its command', async () => {
    const { bridge } = inApp();
    await expect(bridge.commands.sendTokenToWeb({ signal: AbortSignal.abort() })).rejects.toMatchObject({
      message: "The bridge call 'sendTokenToWeb' was aborted",
    });
  });

  it('isBridgeTimeoutError reads name and code, so it holds for a copy from another library instance', () => {
    expect(isBridgeTimeoutError({ name: 'AppRequestCallbackTimeout' })).toBe(true);
    expect(isBridgeTimeoutError({ name: 'AppResponseUnSuccessError', code: '110100' })).toBe(true);
    expect(isBridgeTimeoutError({ name: 'AppResponseUnSuccessError', code: '22001' })).toBe(false);
    expect(isBridgeTimeoutError({ name: 'Other', code: '00004' })).toBe(false);
  });

  it('isBridgeTimeoutError: false for what is not an object, and for one whose fields throw', () => {
    const named = Object.defineProperty(() => undefined, 'name', { value: 'AppRequestCallbackTimeout' });
    expect(isBridgeTimeoutError(named)).toBe(false);
    const hostile = Object.defineProperty({}, 'name', {
      get() {
        throw new Error('no');
      },
    });
    expect(isBridgeTimeoutError(hostile)).toBe(false);
  });
});
