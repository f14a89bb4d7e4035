import { InvalidArgumentError } from '../../errors/exkit-error.js';
import type { Platform } from '../../platform/types.js';
import type { BridgeCommand } from '../commands.js';
import { resolveProtocol } from '../protocol.js';
import type { BridgeProtocol, WireMessage } from '../protocol.js';
import { RESULT_CODES } from '../../catalog/result-codes.js';
import { describeValue, expectObjectWith, expectString, readGuarded, readRecord } from '../../validate/describe-value.js';

/** How the simulated app answers one call. Every field is optional: the default is a success answer on the next microtask. */
export interface SimulatedAnswer {
  /** The answer code (default '00000'). */
  code?: string | number;
  data?: unknown;
  msg?: string;
  /** Answer after this many ms on the platform's timers (default: next microtask). */
  delayMs?: number;
  /** Never answer (the call is kept in `held` so a test can answer it later). */
  never?: boolean;
  /** Answer a second time, right after the first. */
  twice?: boolean;
  /** Send this raw string instead of a JSON answer (for example '{not json'). */
  malformed?: string;
  /** Answer with an empty payload. */
  empty?: boolean;
  /** Answer with an object that has no code. */
  omitCode?: boolean;
}

/** A message the simulated app received from the page. */
export interface ReceivedMessage extends WireMessage {
  /** The path of a requestAction. */
  path?: string;
}

/** A fixed answer, or one computed from the message. */
export type SimulatedBehaviour = SimulatedAnswer | ((message: ReceivedMessage) => SimulatedAnswer);

export interface NativeHostSimulatorOptions extends Partial<BridgeProtocol> {
  appName: string;
  /** Which native side to simulate (default 'ios'): it decides which handler object is injected. */
  os?: 'ios' | 'android';
  /** The app version written into the user agent (default '2.56.0', the highest minimum of spec §B5). */
  appVersion?: string;
  /** Hand answers to the page as JSON strings (like Android's evaluateJavascript) or as objects (default 'json'). */
  encoding?: 'json' | 'object';
  /** Keep every received message in `received` (default true; benchmarks turn it off). */
  record?: boolean;
  /** The token sendTokenToWeb answers with (default 'simulated-token'). */
  token?: string;
  /** The rates getAppUsdtRateData answers with (default {}). */
  usdtRates?: Record<string, string>;
}

export interface NativeHostSimulator {
  /** A user agent of the simulated app; the simulator sets it on platforms that allow it (memoryPlatform). */
  readonly userAgent: string;
  readonly os: 'ios' | 'android';
  readonly appVersion: string;
  /** Every message received, in order (when recording). */
  readonly received: ReceivedMessage[];
  /** Calls scripted to never answer, by callback id, for a test to answer later with `answer`. */
  readonly held: Map<number, ReceivedMessage>;
  /** How the app answers a command (replaces the default). */
  script(command: BridgeCommand, behaviour: SimulatedBehaviour): NativeHostSimulator;
  /** How the app answers requestAction for one path. */
  route(path: string, behaviour: SimulatedBehaviour): NativeHostSimulator;
  /** Calls the page's callback function directly, as the app would, with any id and payload. */
  answer(id: unknown, payload?: unknown): void;
  /** Answers a held call with a scripted answer, now. */
  release(id: number, answer?: SimulatedAnswer): void;
  /** Pushes a native event to the page. */
  push(name: string, data?: unknown): void;
  /** Writes another app version into the user agent (a bridge created afterwards sees it). */
  setAppVersion(version: string): void;
  /** Removes the injected handler objects. */
  uninstall(): void;
}

function userAgentFor(os: 'ios' | 'android', appName: string, appVersion: string): string {
  const base =
    os === 'ios'
      ? 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148'
      : 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36';
  return `${base} ${appName}/${appVersion}`;
}

/**
 * An in-memory native app speaking the bridge protocol (docs/bridge-protocol.md): injects the handler
 * object into `platform.globals`, answers through the page's callback function, and is scriptable per
 * command and per requestAction path. Create it before `createBridge`, which detects the app once.
 *
 * @example
 * ```ts
 * // In a test: a platform with the app's handlers installed, answering like the app would.
 * const platform = memoryPlatform();
 * const app = createNativeHostSimulator(platform, { appName: 'ExApp', appVersion: '2.60.0' });
 * const bridge = createBridge(platform, { appName: 'ExApp' });
 * await bridge.commands.checkCameraPermission(); // answered by the simulator
 * ```
 */
export function createNativeHostSimulator(platform: Platform, options: NativeHostSimulatorOptions): NativeHostSimulator {
  options = readRecord('options', options, 'createNativeHostSimulator');
  expectObjectWith('platform', platform, 'createNativeHostSimulator', ['globals', 'timers']);
  const { os = 'ios', encoding = 'json', record = true, token = 'simulated-token', usdtRates = {}, ...rest } = options;
  let appVersion = options.appVersion ?? '2.56.0';
  const protocol = resolveProtocol(rest);
  const scripts = new Map<string, SimulatedBehaviour>();
  const routes = new Map<string, SimulatedBehaviour>();
  const webStorage = new Map<string, string>();
  const received: ReceivedMessage[] = [];
  const held = new Map<number, ReceivedMessage>();

  const setUserAgent = (): string => {
    const ua = userAgentFor(os, protocol.appName, appVersion);
    const settable = platform as Partial<{ setUserAgent(ua: string): void }>;
    if (typeof settable.setUserAgent === 'function') settable.setUserAgent(ua);
    return ua;
  };
  let userAgent = setUserAgent();

  const deliver = (id: unknown, payload: unknown): void => {
    const callback = platform.globals.get(protocol.callbackFunctionName);
    if (typeof callback === 'function') (callback as (id: unknown, payload: unknown) => void)(id, payload);
  };

  const encode = (answer: SimulatedAnswer): unknown => {
    if (answer.malformed !== undefined) return answer.malformed;
    if (answer.empty) return encoding === 'json' ? '' : null;
    const body: Record<string, unknown> = answer.omitCode ? {} : { code: answer.code ?? RESULT_CODES.success };
    if (answer.data !== undefined) body.data = answer.data;
    if (answer.msg !== undefined) body.msg = answer.msg;
    return encoding === 'json' ? JSON.stringify(body) : body;
  };

  const send = (id: number, answer: SimulatedAnswer): void => {
    const payload = encode(answer);
    const run = () => {
      deliver(id, payload);
      if (answer.twice) deliver(id, payload);
    };
    if (answer.delayMs !== undefined && answer.delayMs > 0) platform.timers.setTimeout(run, answer.delayMs);
    else void Promise.resolve().then(run);
  };

  const defaultAnswer = (message: ReceivedMessage): SimulatedAnswer => {
    const payload = (message.payload ?? {}) as Record<string, unknown>;
    switch (message.command) {
      case 'requestAction':
        return { code: '1', msg: `No simulated route for ${String(message.path)}` };
      case 'sendTokenToWeb':
        return { data: { token } };
      case 'getWebLocalStorage':
        return { data: { value: webStorage.get(String(payload.key)) ?? null } };
      case 'checkCameraPermission':
        return { data: { granted: true } };
      case 'getAppUsdtRateData':
        return { data: { rates: usdtRates } };
      case 'palmPrintRegister':
      case 'palmPrintVerify':
        return { data: { result: 'success' } };
      case 'setOnWebVisibleCallback':
        // The app answers when the page becomes visible again; a test pushes that with `release`.
        return { never: true };
      default:
        return {};
    }
  };

  const postMessage = (json: string): void => {
    const message = JSON.parse(json) as ReceivedMessage;
    if (message.command === 'requestAction') message.path = String((message.payload as { path?: unknown } | undefined)?.path);
    if (record) received.push(message);
    if (message.command === 'setWebLocalStorage') {
      const { key, value } = message.payload as { key: string; value: string };
      webStorage.set(key, value);
    }
    if (message.id === undefined) return;
    const behaviour = (message.command === 'requestAction' ? routes.get(message.path ?? '') : undefined) ?? scripts.get(message.command);
    const answer = behaviour === undefined ? defaultAnswer(message) : typeof behaviour === 'function' ? behaviour(message) : behaviour;
    if (answer.never) {
      held.set(message.id, message);
      return;
    }
    send(message.id, answer);
  };

  const handler = { postMessage };
  if (os === 'ios') {
    const webkit = (platform.globals.get('webkit') as { messageHandlers?: Record<string, unknown> } | undefined) ?? {};
    platform.globals.set('webkit', { ...webkit, messageHandlers: { ...webkit.messageHandlers, [protocol.iosHandlerName]: handler } });
  } else {
    platform.globals.set(protocol.androidInterfaceName, handler);
  }

  const simulator: NativeHostSimulator = {
    get userAgent() {
      return userAgent;
    },
    os,
    get appVersion() {
      return appVersion;
    },
    received,
    held,
    script(command, behaviour) {
      scripts.set(command, behaviour);
      return simulator;
    },
    route(path, behaviour) {
      routes.set(path, behaviour);
      return simulator;
    },
    answer: deliver,
    release(id, answer = {}) {
      if (!held.has(id)) throw new InvalidArgumentError(`No held call with id ${describeValue(id)}`, { field: 'id', value: id });
      const payload = readGuarded('answer', 'an answer JSON can carry', answer, 'simulator.release', () => encode(answer));
      held.delete(id);
      deliver(id, payload);
      if (answer.twice) deliver(id, payload);
    },
    push(name, data) {
      const fn = platform.globals.get(protocol.eventFunctionName);
      const payload =
        encoding === 'json' && data !== undefined
          ? readGuarded('data', 'data JSON can carry', data, 'simulator.push', () => JSON.stringify(data))
          : data;
      if (typeof fn === 'function') (fn as (name: string, payload: unknown) => void)(name, payload);
    },
    setAppVersion(version) {
      expectString('version', version, 'simulator.setAppVersion');
      appVersion = version;
      userAgent = setUserAgent();
    },
    uninstall() {
      if (os === 'ios') {
        const webkit = platform.globals.get('webkit') as { messageHandlers?: Record<string, unknown> } | undefined;
        if (webkit?.messageHandlers) delete webkit.messageHandlers[protocol.iosHandlerName];
      } else if (platform.globals.get(protocol.androidInterfaceName) === handler) {
        platform.globals.delete(protocol.androidInterfaceName);
      }
    },
  };
  return simulator;
}
