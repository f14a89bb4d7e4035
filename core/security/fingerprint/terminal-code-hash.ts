import { sha256Hex } from '../bytes.js';
import { canonicalJson } from './canonical-json.js';
import { INVALID_TERMINAL_CODE_PREFIX } from './constants.js';
import { invalidArgument } from '../../validate/describe-value.js';

/** A function from canonical text to a lower-case hex code. */
export type TerminalCodeHash = (canonical: string) => string;

/** The terminal code of fingerprint components: SHA-256 hex of their canonical JSON. */
export function hashComponents(components: Readonly<Record<string, unknown>>, hash: TerminalCodeHash = sha256Hex): string {
  if (typeof hash !== 'function') throw invalidArgument('hash', 'a function', hash, 'hashComponents');
  return hash(canonicalJson(components));
}

/** Whether a value can be used as a terminal code: 32 to 128 lower-case hex characters, not the known-bad hash. */
export function isValidTerminalCode(value: unknown): value is string {
  return typeof value === 'string' && /^[0-9a-f]{32,128}$/.test(value) && !value.startsWith(INVALID_TERMINAL_CODE_PREFIX);
}
