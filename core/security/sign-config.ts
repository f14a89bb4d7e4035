// The gateway sign config (spec §S3, §S7; docs/security-protocol.md §2) and the URL → sign-mode lookup.
import { SigningInitError } from './errors.js';
import { DEFAULT_KEY_ALGORITHM, KEY_ALGORITHM_BITS } from './constants.js';
import type { KeyAlgorithm } from './constants.js';
import { expectString, invalidArgument, isRecord } from '../validate/describe-value.js';

/** The sign modes of docs/security-protocol.md §6.2: 0 no body, 1 body, 2 query and body. */
export type SignMode = 0 | 1 | 2;
/** The mode of a config entry that names none (docs/security-protocol.md §2). */
export const DEFAULT_SIGN_MODE: SignMode = 1;

/** Spec §S3: the gateway sign config, as served under data.gatewaySignConfig. */
export interface GatewaySignConfig {
  clientOpen: boolean;
  serverPublicKey: string;
  serverPublicKeySign: string;
  defaultAlgorithm: KeyAlgorithm;
  exactUrls: string[];
  prefixUrls: string[];
  signModes: Record<string, SignMode>;
  userCheckDeviceUrl: string;
}

const strings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string' && v !== '') : [];
/** Whether `value` is one of the three sign modes (0, 1 or 2). */
export const isSignMode = (value: unknown): value is SignMode => value === 0 || value === 1 || value === 2;
const MODE_TEXT = /^[012]$/;

/** Reads a config object leniently: unknown algorithms become rsa1024, malformed lists become empty. */
export function parseSignConfig(raw: unknown): GatewaySignConfig {
  try {
    return parseConfig(raw);
  } catch (error) {
    if (error instanceof SigningInitError) throw error;
    throw new SigningInitError('CONFIG_INVALID', 'gatewaySignConfig cannot be read', { cause: error });
  }
}

function parseConfig(raw: unknown): GatewaySignConfig {
  if (!isRecord(raw)) throw new SigningInitError('CONFIG_INVALID', 'gatewaySignConfig is missing or not an object');
  const modes: Record<string, SignMode> = {};
  if (isRecord(raw.signModes)) {
    for (const [entry, mode] of Object.entries(raw.signModes)) {
      // Only the digits themselves: Number('') and Number(' ') are 0, which would silently drop body signing.
      const n = typeof mode === 'string' && MODE_TEXT.test(mode) ? Number(mode) : mode;
      if (isSignMode(n)) modes[entry] = n;
    }
  }
  // Own keys only: `'toString' in KEY_ALGORITHM_BITS` is true through the prototype.
  const algorithm =
    typeof raw.defaultAlgorithm === 'string' && Object.hasOwn(KEY_ALGORITHM_BITS, raw.defaultAlgorithm)
      ? (raw.defaultAlgorithm as KeyAlgorithm)
      : DEFAULT_KEY_ALGORITHM;
  return {
    clientOpen: raw.clientOpen === true,
    serverPublicKey: typeof raw.serverPublicKey === 'string' ? raw.serverPublicKey : '',
    serverPublicKeySign: typeof raw.serverPublicKeySign === 'string' ? raw.serverPublicKeySign : '',
    defaultAlgorithm: algorithm,
    exactUrls: strings(raw.exactUrls),
    prefixUrls: strings(raw.prefixUrls),
    signModes: modes,
    userCheckDeviceUrl: typeof raw.userCheckDeviceUrl === 'string' ? raw.userCheckDeviceUrl : '',
  };
}

/** The config inside a gatewaySignConfig response (data.gatewaySignConfig). */
export function signConfigFromResponse(body: unknown): GatewaySignConfig {
  let config: unknown;
  try {
    const data = isRecord(body) ? body.data : undefined;
    config = isRecord(data) ? data.gatewaySignConfig : undefined;
  } catch (error) {
    throw new SigningInitError('CONFIG_INVALID', 'the sign config response cannot be read', { cause: error });
  }
  return parseSignConfig(config);
}

/** A runtime check for a cached config (what `parseSignConfig` returns). */
export function isSignConfig(value: unknown): value is GatewaySignConfig {
  try {
    return isSignConfigShape(value);
  } catch {
    // A value whose fields cannot be read (a Proxy, a throwing getter) is no sign config.
    return false;
  }
}

function isSignConfigShape(value: unknown): value is GatewaySignConfig {
  return (
    isRecord(value) &&
    typeof value.clientOpen === 'boolean' &&
    typeof value.serverPublicKey === 'string' &&
    typeof value.serverPublicKeySign === 'string' &&
    typeof value.defaultAlgorithm === 'string' &&
    Array.isArray(value.exactUrls) &&
    Array.isArray(value.prefixUrls) &&
    isRecord(value.signModes) &&
    typeof value.userCheckDeviceUrl === 'string'
  );
}

/** The sign mode of an API path: an exact entry first, else the longest matching prefix; undefined when unsigned. */
export function signModeFor(config: GatewaySignConfig, path: string): SignMode | undefined {
  if (!isSignConfig(config)) throw invalidArgument('config', 'a gateway sign config (see parseSignConfig)', config, 'signModeFor');
  expectString('path', path, 'signModeFor');
  if (config.exactUrls.includes(path)) return config.signModes[path] ?? DEFAULT_SIGN_MODE;
  let best: string | undefined;
  for (const prefix of config.prefixUrls) {
    // Stryker disable next-line EqualityOperator: two matching prefixes of one length are the same text, with the same mode
    if (path.startsWith(prefix) && (best === undefined || prefix.length > best.length)) best = prefix;
  }
  return best === undefined ? undefined : (config.signModes[best] ?? DEFAULT_SIGN_MODE);
}
