import { Subject, filter, map } from 'rxjs';
import type { Observable } from 'rxjs';
import { InvalidArgumentError } from '../errors/exkit-error.js';
import type { AppResponse } from '../catalog/enums.js';
import type { Platform } from '../platform/types.js';
import { checkDuration } from '../validate/duration.js';
import { isVersionAtLeast } from '../validate/versions.js';
import { BRIDGE_COMMANDS, BRIDGE_COMMAND_NAMES, isBridgeCommand, normalizePayload } from './commands.js';
import type { BridgeCommand, CommandAnswer, CommandPayload } from './commands.js';
import { BRIDGE_VERSION, DEFAULT_BRIDGE_TIMEOUTS } from './constants.js';
import type { TimeoutKind } from './constants.js';
import { androidHandler, detectApp, iosHandler } from './detect.js';
import type { BridgeHost, BridgeOs } from './detect.js';
import { openDeepLink } from './deep-links.js';
import type { DeepLinkConfig, DeepLinkIntent, DeepLinkParams, OpenDeepLinkResult } from './deep-links.js';
import type { DeepLinkTarget } from './deep-link-targets.js';
import { AppJSBridgeRequestActionError, UnknownBridgeCommandError } from './errors.js';
import { guardedStream } from '../errors/guarded-observable.js';
import { safeReport } from '../errors/guard-callback.js';
import { resolveProtocol } from './protocol.js';
import type { BridgeProtocol, NativeEvent } from './protocol.js';
import { BridgeTransport } from './transport.js';
import type { TransportStats } from './transport.js';
import {
  readRecord,
  describeValue,
  expectObjectWith,
  expectString,
  invalidArgument,
  isRecord,
  readGuarded,
} from '../validate/describe-value.js';

/** Why a command did not reach the native side: outside the app, an app older than the command, or a command skipped on this OS (spec §B5,
 * §B6). */
export type SkipReason = 'not-in-app' | 'below-minimum-version' | 'not-on-android';

/** The outcome of one command call. Calls that could not be delivered or answered reject with a typed error instead. */
export type CommandResult<A> =
  | { status: 'sent'; command: BridgeCommand }
  | { status: 'answered'; command: BridgeCommand; code: string; data: A }
  | { status: 'skipped'; command: BridgeCommand; reason: SkipReason; minimumVersion: string; appVersion: string | null }
  | { status: 'fallback'; command: BridgeCommand; reason: SkipReason; minimumVersion: string; appVersion: string | null; value: unknown };

export interface CallOptions {
  /** Overrides the command's timeout (its class default from spec §B9, or the bridge's override). */
  timeoutMs?: number;
  /** Aborting rejects the call with BridgeCallAbortedError and frees its entry. */
  signal?: AbortSignal;
  /** Runs instead when the command cannot run here (outside the app, or an app older than the command's minimum). */
  fallback?: () => unknown;
}

export interface BridgeRequestOptions<T> {
  timeoutMs?: number;
  signal?: AbortSignal;
  /** Answers instead when requestAction cannot run here; without it such a request resolves as skipped. */
  fallback?: () => AppResponse<T> | Promise<AppResponse<T>>;
}

/** Why and against which versions a request or command was not sent. */
export interface SkipInfo {
  reason: SkipReason;
  minimumVersion: string;
  appVersion: string | null;
}

/**
 * The outcome of `bridge.request`: the app's success answer, the fallback's answer, or nothing sent
 * because requestAction cannot run here (spec §B5: "Otherwise a fallback runs if one exists, or nothing
 * happens"). Failures reject with the typed errors of spec §B8.
 */
export type BridgeRequestResult<T = unknown> =
  | { status: 'answered'; code: string; data: T }
  | ({ status: 'fallback'; code: string; data: T } & SkipInfo)
  | ({ status: 'skipped' } & SkipInfo);

/** The arguments of a command: its payload (optional when every field is), then call options. */
export type CommandArgs<C extends BridgeCommand> = [CommandPayload<C>] extends [void]
  ? [options?: CallOptions]
  : Record<string, never> extends CommandPayload<C>
    ? [payload?: CommandPayload<C>, options?: CallOptions]
    : [payload: CommandPayload<C>, options?: CallOptions];

/** One typed method per command of spec §B7. */
export type BridgeCommands = {
  readonly [C in BridgeCommand]: (...args: CommandArgs<C>) => Promise<CommandResult<CommandAnswer<C>>>;
};

export interface BridgeOptions extends Partial<BridgeProtocol> {
  /** The app's token in the user agent (required: nothing exchange-specific is built in). */
  appName: string;
  /** Use this app version instead of the one in the user agent. */
  appVersion?: string;
  /** Overrides of the per-command minimum app versions. */
  minVersions?: Partial<Record<BridgeCommand, string>>;
  /** Overrides of the timeout classes, in ms. */
  timeouts?: Partial<Record<TimeoutKind, number>>;
  /** The app's schemes and host, for `openDeepLink`. */
  deepLinks?: DeepLinkConfig;
  /** Locale of the message that replaces the app's for code -1 (default 'en'). */
  locale?: string;
}

/** The page's side of the native bridge. */
export interface Bridge {
  /** The bridge library's version, 1.3.15 (spec §B1). */
  readonly version: typeof BRIDGE_VERSION;
  readonly inApp: boolean;
  readonly host: BridgeHost;
  readonly os: BridgeOs;
  /** The app version (from options or the user agent); null outside the app or when the agent shows none. */
  readonly appVersion: string | null;
  readonly protocol: Readonly<BridgeProtocol>;
  /** The minimum app version of every command, with the integrator's overrides applied. */
  readonly minVersions: Readonly<Record<BridgeCommand, string>>;
  readonly timeouts: Readonly<Record<TimeoutKind, number>>;
  /** Whether the command would be sent (in the app, and the app is at least the command's minimum). */
  supports(command: BridgeCommand): boolean;
  /** Sends one command by name. */
  call<C extends BridgeCommand>(command: C, ...args: CommandArgs<C>): Promise<CommandResult<CommandAnswer<C>>>;
  /** One typed method per command. */
  readonly commands: BridgeCommands;
  /**
   * An app request through requestAction: resolves `{ status: 'answered', code, data }` on code 00000 or 200,
   * `skipped` (or `fallback`) when requestAction cannot run here, else rejects with a typed error.
   */
  request<T = unknown>(path: string, params?: Record<string, unknown>, options?: BridgeRequestOptions<T>): Promise<BridgeRequestResult<T>>;
  /** Every event the native side pushes; subscribers run guarded (a throw is reported, never rethrown). */
  readonly events$: Observable<NativeEvent>;
  /** The payloads of one native event. */
  event$<T = unknown>(name: string): Observable<T>;
  /** Calls waiting for an answer. */
  readonly pendingCount: number;
  /** Counters, including ignored late, duplicate, unknown and malformed answers. */
  readonly stats: Readonly<TransportStats & { malformedEvents: number }>;
  /** Opens a deep-link target: nativeRouter in the app, else the public link through the location (needs `deepLinks`). */
  openDeepLink<T extends DeepLinkTarget>(target: T, params?: DeepLinkParams<T>, intent?: DeepLinkIntent): Promise<OpenDeepLinkResult>;
  /** Removes the global callback functions and rejects pending calls. */
  dispose(): void;
}

/** Returns the version when it is dotted numeric; throws InvalidArgumentError naming the option otherwise. */
function checkVersion(version: string, field: string): string {
  if (typeof version !== 'string' || !/^\d+(\.\d+)*$/.test(version)) {
    throw new InvalidArgumentError(`${field} must be a dotted numeric version, got ${describeValue(version)}`, { field, value: version });
  }
  return version;
}

function decodeEventPayload(raw: unknown): unknown {
  if (typeof raw !== 'string') return raw;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return raw;
  }
}

/**
 * Creates the bridge for one page: detects the app, installs the native callback functions and offers every command.
 *
 * @example
 * ```ts
 * const bridge = createBridge(browserPlatform(), { appName: 'ExApp' });
 * if (bridge.inApp) await bridge.commands.setTitleVisible({ visible: false });
 * const answer = await bridge.request('/v1/user/info', { id: 1 }); // { status: 'answered', code, data } in the app
 * bridge.dispose();
 * ```
 */
export function createBridge(platform: Platform, options: BridgeOptions): Bridge {
  options = readRecord('options', options, 'createBridge');
  expectObjectWith('platform', platform, 'createBridge', ['crypto', 'errors', 'globals', 'location', 'timers']);
  if (typeof options.appName !== 'string' || options.appName === '') {
    throw new InvalidArgumentError('createBridge needs the app name as it appears in the user agent', {
      field: 'appName',
      value: options.appName,
    });
  }
  const { appVersion: versionOverride, minVersions: minOverrides, timeouts: timeoutOverrides, deepLinks, locale, ...names } = options;
  const protocol = resolveProtocol(names);
  const detection = detectApp(platform.userAgent, platform.globals, protocol);
  const appVersion = versionOverride === undefined ? detection.appVersion : checkVersion(versionOverride, 'appVersion');
  const minVersions = {} as Record<BridgeCommand, string>;
  for (const command of BRIDGE_COMMAND_NAMES) minVersions[command] = BRIDGE_COMMANDS[command].minVersion;
  for (const [command, version] of Object.entries(minOverrides ?? {})) {
    if (!isBridgeCommand(command)) throw new UnknownBridgeCommandError(command);
    if (version !== undefined) minVersions[command] = checkVersion(version, `minVersions.${command}`);
  }
  for (const [kind, ms] of Object.entries(timeoutOverrides ?? {})) checkDuration(`timeouts.${kind}`, ms, { owner: 'createBridge' });
  const timeouts = { ...DEFAULT_BRIDGE_TIMEOUTS, ...timeoutOverrides };

  const post = (json: string): void => {
    const handler = iosHandler(platform.globals, protocol) ?? androidHandler(platform.globals, protocol);
    if (!handler)
      throw new AppJSBridgeRequestActionError({ reason: 'no-handler', command: (JSON.parse(json) as { command: string }).command });
    handler.postMessage(json);
  };
  const transport = new BridgeTransport({
    timers: platform.timers,
    crypto: platform.crypto,
    post,
    errors: platform.errors,
    ...(locale ? { locale } : {}),
  });

  const events = new Subject<NativeEvent>();
  let malformedEvents = 0;
  const receiveEvent = (name: unknown, payload?: unknown): void => {
    try {
      if (typeof name !== 'string' || name === '') {
        malformedEvents++;
        return;
      }
      events.next({ name, data: decodeEventPayload(payload) });
    } catch (error) {
      safeReport(platform.errors, { event: 'bridgeEventError', error });
    }
  };
  platform.globals.set(protocol.callbackFunctionName, transport.receive);
  platform.globals.set(protocol.eventFunctionName, receiveEvent);

  // The user agent and the table are fixed for the page's life, so each command's gate is decided once.
  const gates = {} as Record<BridgeCommand, SkipReason | null>;
  for (const command of BRIDGE_COMMAND_NAMES) {
    gates[command] = !detection.inApp
      ? 'not-in-app'
      : BRIDGE_COMMANDS[command].platforms === 'not-android' && detection.os === 'android'
        ? 'not-on-android'
        : appVersion === null || !isVersionAtLeast(appVersion, minVersions[command])
          ? 'below-minimum-version'
          : null;
  }
  const skipInfo = (reason: SkipReason, command: BridgeCommand): SkipInfo => ({ reason, minimumVersion: minVersions[command], appVersion });
  /** Runs the caller's fallback guarded: a throw becomes AppJSBridgeRequestActionError (reason fallback-failed) with the throw as cause. */
  const runFallback = async <V>(command: BridgeCommand, fallback: () => V | Promise<V>): Promise<V> => {
    try {
      return await fallback();
    } catch (error) {
      throw new AppJSBridgeRequestActionError({ reason: 'fallback-failed', command }, { cause: error });
    }
  };
  const gate = (command: BridgeCommand): SkipReason | null => gates[command];

  const call = async <C extends BridgeCommand>(command: C, ...args: CommandArgs<C>): Promise<CommandResult<CommandAnswer<C>>> => {
    if (!isBridgeCommand(command)) throw new UnknownBridgeCommandError(command);
    const info = BRIDGE_COMMANDS[command];
    const payload = (info.noPayload ? undefined : args[0]) as CommandPayload<C>;
    // The caller's options and payload are read once, here: a getter or Proxy that throws is named, typed.
    const callOptions = readRecord('options', ((info.noPayload ? args[0] : args[1]) ?? {}) as CallOptions, command);
    const reason = gate(command);
    if (reason) {
      const skipped = { command, ...skipInfo(reason, command) };
      if (callOptions.fallback) return { status: 'fallback', ...skipped, value: await runFallback(command, callOptions.fallback) };
      return { status: 'skipped', ...skipped };
    }
    const body = readGuarded('payload', `the payload of ${command}`, payload, command, () => normalizePayload(command, payload));
    if (!info.timeout) {
      transport.send(command, body);
      return { status: 'sent', command };
    }
    const response = await transport.call(
      command,
      body,
      { timeoutMs: callOptions.timeoutMs ?? timeouts[info.timeout], ...(callOptions.signal ? { signal: callOptions.signal } : {}) },
      // requestAction carries its callback id as requestId (spec §B3 request envelope).
      command === 'requestAction' ? (id) => ({ requestId: String(id), ...(body as object) }) : undefined,
    );
    return { status: 'answered', command, code: String(response.code), data: response.data as CommandAnswer<C> };
  };

  const commands = {} as Record<BridgeCommand, (...args: unknown[]) => unknown>;
  for (const command of BRIDGE_COMMAND_NAMES) {
    commands[command] = (...args: unknown[]) => (call as (c: BridgeCommand, ...a: unknown[]) => unknown)(command, ...args);
  }

  // Not an async function: a suspended async frame per pending request would cost more than the request itself.
  const request = <T>(
    path: string,
    params?: Record<string, unknown>,
    givenOptions?: BridgeRequestOptions<T>,
  ): Promise<BridgeRequestResult<T>> => {
    // Checked before anything is sent; a bad argument rejects (this returns a promise, so it never throws).
    let requestOptions: BridgeRequestOptions<T>;
    try {
      expectString('path', path, 'bridge.request');
      if (params !== undefined && !isRecord(params)) throw invalidArgument('params', 'an object', params, 'bridge.request');
      requestOptions = readRecord('options', givenOptions, 'bridge.request', {});
    } catch (error) {
      return Promise.reject(error);
    }
    const reason = gate('requestAction');
    if (reason) {
      const skipped = skipInfo(reason, 'requestAction');
      const { fallback } = requestOptions;
      if (!fallback) return Promise.resolve({ status: 'skipped', ...skipped });
      return runFallback('requestAction', async () => {
        const answer = await fallback();
        return { status: 'fallback', code: String(answer.code), data: answer.data, ...skipped } as const;
      });
    }
    return transport.call(
      'requestAction',
      undefined,
      { timeoutMs: requestOptions.timeoutMs ?? timeouts.appRequest, ...(requestOptions.signal ? { signal: requestOptions.signal } : {}) },
      (id) => (params === undefined ? { requestId: String(id), path } : { requestId: String(id), path, params }),
    ) as Promise<BridgeRequestResult<T>>;
  };

  const events$: Observable<NativeEvent> = guardedStream('bridge.events$', events, platform.errors);
  const bridge: Bridge = {
    version: BRIDGE_VERSION,
    inApp: detection.inApp,
    host: detection.host,
    os: detection.os,
    appVersion,
    protocol,
    minVersions,
    timeouts,
    supports: (command) => isBridgeCommand(command) && gate(command) === null,
    call,
    commands: commands as unknown as BridgeCommands,
    request,
    events$,
    event$: <T>(name: string) =>
      events$.pipe(
        filter((event) => event.name === name),
        map((event) => event.data as T),
      ),
    get pendingCount() {
      return transport.pendingCount;
    },
    get stats() {
      return { ...transport.stats, malformedEvents };
    },
    openDeepLink(target, params, intent) {
      if (!deepLinks) {
        return Promise.reject(new InvalidArgumentError('openDeepLink needs the deepLinks option of createBridge', { field: 'deepLinks' }));
      }
      return openDeepLink({ bridge, location: platform.location, config: deepLinks }, target, params, intent);
    },
    dispose() {
      transport.dispose();
      events.complete();
      if (platform.globals.get(protocol.callbackFunctionName) === transport.receive) platform.globals.delete(protocol.callbackFunctionName);
      if (platform.globals.get(protocol.eventFunctionName) === receiveEvent) platform.globals.delete(protocol.eventFunctionName);
    },
  };
  return bridge;
}
