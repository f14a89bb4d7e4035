import {
  deepLinkValueText,
  InvalidDeepLinkError,
  UnknownDeepLinkParamError,
  UnknownDeepLinkParamValueError,
  UnknownDeepLinkTargetError,
} from './errors.js';
import type { PlatformLocation } from '../platform/types.js';
import { putOwn } from '../validate/own-field.js';
import { expectObjectWith, expectString, readGuarded, readRecord } from '../validate/describe-value.js';
import { deepLinkSpec, isDeepLinkTarget } from './deep-link-targets.js';
import type { DEEP_LINK_TARGETS, DeepLinkTarget, DeepLinkTargetSpec } from './deep-link-targets.js';
import type { BridgeOs } from './detect.js';

/** A value a deep-link parameter accepts. Empty ones ('', null, undefined, [], {}) are left out (spec §B2, §B5). */
export type DeepLinkValue = string | number | boolean | null | undefined | readonly unknown[] | { readonly [key: string]: unknown };

/** The parameter names a deep-link target takes. */
export type DeepLinkParamName<T extends DeepLinkTarget> = (typeof DEEP_LINK_TARGETS)[T]['params'][number];

/** The value one parameter takes: one of its listed values (or empty) when the catalogue lists them, else any DeepLinkValue. */
export type DeepLinkParamValue<T extends DeepLinkTarget, K extends string> = (typeof DEEP_LINK_TARGETS)[T] extends { values: infer V }
  ? K extends keyof V
    ? V[K] extends readonly (infer U)[]
      ? U | null | undefined
      : DeepLinkValue
    : DeepLinkValue
  : DeepLinkValue;

/** The parameters a target takes; any other name, or a value outside a listed set (home/asset type), is a compile-time error (main/H5Router
 * also takes extras). */
export type DeepLinkParams<T extends DeepLinkTarget> = (typeof DEEP_LINK_TARGETS)[T] extends { extraParams: true }
  ? { [K in DeepLinkParamName<T>]?: DeepLinkValue } & { [key: string]: DeepLinkValue }
  : [DeepLinkParamName<T>] extends [never]
    ? Record<string, never>
    : { [K in DeepLinkParamName<T>]?: DeepLinkParamValue<T, K> };

/** The app's schemes and host (nothing exchange-specific is built in). */
export interface DeepLinkConfig {
  /** The custom scheme the app registers, e.g. 'myexchange'. */
  appScheme: string;
  /** The public scheme that replaces it outside the app (spec §B1). */
  publicScheme: string;
  /** The host every target path follows, e.g. 'app'. */
  host: string;
}

/** What the caller says about the link beyond its parameters. */
export interface DeepLinkIntent {
  /** The link is for an on-chain market: home/market's type then defaults to onChain (spec §B2). */
  onChain?: boolean;
}

export interface BuildDeepLinkOptions extends DeepLinkConfig, DeepLinkIntent {
  /** The OS the link is for; decides the platform restrictions of spec §B6 (default 'other'). */
  os?: BridgeOs;
  /** Which scheme to write (default 'app'). */
  scheme?: 'app' | 'public';
}

/** A deep link read back by parseDeepLink. */
export interface ParsedDeepLink {
  target: DeepLinkTarget;
  /** Parameter values as text, decoded. */
  params: Record<string, string>;
  scheme: 'app' | 'public';
}

/** Throws UnknownDeepLinkParamValueError when the catalogue lists the parameter's values and `value` is not one of them. */
function checkParamValue(target: string, spec: DeepLinkTargetSpec, key: string, value: unknown): void {
  const allowed = spec.values?.[key];
  if (allowed && !(typeof value === 'string' && allowed.includes(value)))
    throw new UnknownDeepLinkParamValueError(target, key, value, allowed);
}

/** Whether a value is left out of a link: empty string, null, undefined, empty array or empty object (spec §B5). */
export function isEmptyDeepLinkValue(value: unknown): boolean {
  if (value === undefined || value === null || value === '') return true;
  return readGuarded('value', 'a value whose fields can be read', value, 'isEmptyDeepLinkValue', () => {
    if (Array.isArray(value)) return value.length === 0;
    if (typeof value === 'object') return Object.keys(value).length === 0;
    return false;
  });
}

/** Whether a target may open on an OS (spec §B6). */
export function isDeepLinkAllowed(target: DeepLinkTarget, os: BridgeOs): boolean {
  const rule = deepLinkSpec(target).platforms;
  if (rule === 'android-only') return os === 'android';
  if (rule === 'not-android') return os !== 'android';
  return true;
}

/**
 * The link of a target: `<scheme>://<host>/<target>?<params>`, empty values omitted, defaults applied
 * (on-chain defaults only when `options.onChain`), values URL-encoded; null when the target is restricted
 * on `options.os` (spec §B2, §B6). Throws UnknownDeepLinkParamValueError for a value outside a listed set.
 */
export function buildDeepLink<T extends DeepLinkTarget>(
  target: T,
  params: DeepLinkParams<T> | undefined,
  options: BuildDeepLinkOptions,
): string | null {
  options = readRecord('options', options, 'buildDeepLink');
  if (!isDeepLinkTarget(target)) throw new UnknownDeepLinkTargetError(target);
  const spec = deepLinkSpec(target);
  const given = (params ?? {}) as Record<string, unknown>;
  for (const key of Object.keys(given)) {
    if (!spec.extraParams && !spec.params.includes(key)) throw new UnknownDeepLinkParamError(target, key);
  }
  if (!isDeepLinkAllowed(target, options.os ?? 'other')) return null;
  const keys = [...spec.params, ...Object.keys(given).filter((key) => !spec.params.includes(key))];
  const query: string[] = [];
  for (const key of keys) {
    const raw = given[key];
    const value = isEmptyDeepLinkValue(raw)
      ? (spec.defaults?.[key] ?? (options.onChain === true ? spec.onChainDefaults?.[key] : undefined))
      : raw;
    if (isEmptyDeepLinkValue(value)) continue;
    checkParamValue(target, spec, key, value);
    query.push(`${encodeURIComponent(key)}=${encodeURIComponent(deepLinkValueText(value))}`);
  }
  const scheme = options.scheme === 'public' ? options.publicScheme : options.appScheme;
  return `${scheme}://${options.host}/${target}${query.length ? `?${query.join('&')}` : ''}`;
}

/**
 * Reads a deep link of either scheme back into its target and decoded parameters (the inverse of buildDeepLink):
 * a parameter given empty (`key=` or a bare `key`) is left out, as buildDeepLink leaves out empty values.
 */
export function parseDeepLink(url: string, config: DeepLinkConfig): ParsedDeepLink {
  expectString('url', url, 'parseDeepLink');
  config = readRecord('config', config, 'parseDeepLink');
  const schemeEnd = url.indexOf('://');
  const schemeText = schemeEnd < 0 ? '' : url.slice(0, schemeEnd);
  const scheme = schemeText === config.appScheme ? 'app' : schemeText === config.publicScheme ? 'public' : null;
  const hostPrefix = `${config.host}/`;
  const rest = url.slice(schemeEnd + 3);
  if (scheme === null || !rest.startsWith(hostPrefix)) throw new InvalidDeepLinkError(url);
  const afterHost = rest.slice(hostPrefix.length);
  const queryStart = afterHost.indexOf('?');
  const path = queryStart < 0 ? afterHost : afterHost.slice(0, queryStart);
  if (!isDeepLinkTarget(path)) throw new UnknownDeepLinkTargetError(path);
  const spec = deepLinkSpec(path);
  const params: Record<string, string> = {};
  if (queryStart >= 0) {
    for (const pair of afterHost.slice(queryStart + 1).split('&')) {
      if (pair === '') continue;
      const eq = pair.indexOf('=');
      let key: string;
      let value: string;
      try {
        key = decodeURIComponent(eq < 0 ? pair : pair.slice(0, eq));
        value = eq < 0 ? '' : decodeURIComponent(pair.slice(eq + 1));
      } catch {
        throw new InvalidDeepLinkError(url);
      }
      if (!spec.extraParams && !spec.params.includes(key)) throw new UnknownDeepLinkParamError(path, key);
      // An empty value is no value, as buildDeepLink reads one: it never writes `key=` and parsing never returns it.
      if (value === '') continue;
      checkParamValue(path, spec, key, value);
      putOwn(params, key, value);
    }
  }
  return { target: path, params, scheme };
}

/** What openDeepLink did. */
export type OpenDeepLinkResult =
  { status: 'native'; link: string } | { status: 'location'; url: string } | { status: 'restricted'; target: DeepLinkTarget; os: BridgeOs };

/**
 * The part of a Bridge that openDeepLink uses (every Bridge has it): whether the page is in the app, its OS,
 * and nativeRouter, whose result is the fallback's value when the router could not run. Declared here, so
 * deep links do not import the bridge that imports them.
 */
export interface DeepLinkBridge {
  readonly inApp: boolean;
  readonly os: BridgeOs;
  readonly commands: {
    nativeRouter(payload: { link: string }, options: { fallback: () => unknown }): Promise<{ status: string; value?: unknown }>;
  };
}

/** What openDeepLink needs: the bridge (in-app flag, OS, nativeRouter), the page location and the schemes. */
export interface DeepLinkOpener {
  bridge: DeepLinkBridge;
  location: PlatformLocation;
  config: DeepLinkConfig;
}

/**
 * Opens a target (spec §B1): inside the app through nativeRouter; outside it, or when the app is too old
 * for nativeRouter, by changing the location to the link with the public scheme.
 */
export async function openDeepLink<T extends DeepLinkTarget>(
  opener: DeepLinkOpener,
  target: T,
  params?: DeepLinkParams<T>,
  intent: DeepLinkIntent = {},
): Promise<OpenDeepLinkResult> {
  expectObjectWith('opener', opener, 'openDeepLink', ['bridge', 'location', 'config']);
  const { bridge, location, config } = opener;
  intent = readRecord('intent', intent, 'openDeepLink');
  const onChain = intent.onChain === true ? { onChain: true } : {};
  const link = buildDeepLink(target, params, { ...config, ...onChain, os: bridge.os });
  if (link === null) return { status: 'restricted', target, os: bridge.os };
  const url = buildDeepLink(target, params, { ...config, ...onChain, os: bridge.os, scheme: 'public' })!;
  const toLocation = (): OpenDeepLinkResult => {
    location.assign(url);
    return { status: 'location', url };
  };
  if (!bridge.inApp) return toLocation();
  const result = await bridge.commands.nativeRouter({ link }, { fallback: toLocation });
  return result.status === 'fallback' ? (result.value as OpenDeepLinkResult) : { status: 'native', link };
}
