// Core-call signing (spec §S5, §S7; docs/security-protocol.md §6): an RSA-SHA256 signature over the
// path, the first 8 characters of tm, the trace id and, by mode, an MD5 of the body (and query).
import { md5 } from '@noble/hashes/legacy.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import { isByteArray, sha256Hex, toBase64 } from './bytes.js';
import { SIGN_HEADERS } from './constants.js';
import type { RsaEngine } from './rsa-engine.js';
import { isSignMode } from './sign-config.js';
import type { SignMode } from './sign-config.js';
import { expectObjectWith, expectString, invalidArgument, readRecord } from '../validate/describe-value.js';

/** Spec §S7: the signed time is the first 8 characters of tm. */
export const SIGNED_TIME_LENGTH = 8;

const TM = /^\d{8,}$/;
const TRACE_ID = /^[\x21-\x7e](?:[\x20-\x7e]*[\x21-\x7e])?$/;

/** Whether a tm header value can be signed (at least 8 decimal digits). */
export function isSignableTime(tm: string | null | undefined): tm is string {
  return typeof tm === 'string' && TM.test(tm);
}

/** Whether a uhti header value can serve as the trace id (printable ASCII, no line breaks). */
export function isSignableTraceId(uhti: string | null | undefined): uhti is string {
  return typeof uhti === 'string' && uhti.length <= 256 && TRACE_ID.test(uhti);
}

/** The key id of a client public key: hex MD5 of its base64 text. */
export function keyIdOf(publicKey: string): string {
  expectString('publicKey', publicKey, 'keyIdOf');
  return bytesToHex(md5(utf8ToBytes(publicKey)));
}

/** Lower-case hex SHA-256 of a user id, as sent in userCheckDeviceUserIdHash. */
export function userIdHashOf(userId: string): string {
  expectString('userId', userId, 'userIdHashOf');
  return sha256Hex(userId);
}

const NEWLINE = new Uint8Array([0x0a]);

/**
 * The bytes a mode covers: nothing (0), the body (1), or the query, a newline and the body (2). Any other mode
 * (3, '1', null) is an InvalidArgumentError, never signed as one of these; so is a query that is not a string or
 * a body that is not a Uint8Array, whatever the mode.
 */
export function signedPayload(mode: SignMode, query: string, body: Uint8Array): Uint8Array {
  if (!isSignMode(mode)) throw invalidArgument('mode', 'a sign mode (0, 1 or 2)', mode, 'signedPayload');
  expectString('query', query, 'signedPayload');
  if (!isByteArray(body)) throw invalidArgument('body', 'a Uint8Array', body, 'signedPayload');
  return payloadOf(mode, query, body);
}

/** signedPayload of arguments already checked. */
function payloadOf(mode: SignMode, query: string, body: Uint8Array): Uint8Array {
  if (mode === 0) return new Uint8Array(0);
  if (mode === 1) return body;
  const q = utf8ToBytes(query);
  const out = new Uint8Array(q.length + 1 + body.length);
  out.set(q, 0);
  out.set(NEWLINE, q.length);
  out.set(body, q.length + 1);
  return out;
}

/** What a core call's signature covers. */
export interface CoreCallParts {
  /** The API path, starting with '/', without query. */
  path: string;
  /** The tm header value. */
  tm: string;
  /** The uhti header value. */
  traceId: string;
  mode: SignMode;
  /** The raw query string without '?', as sent ('' when none). */
  query: string;
  /** The body bytes as sent (empty when none). */
  body: Uint8Array;
}

/** A copy of a call's parts with every field checked (InvalidArgumentError naming the part otherwise). */
function readCallParts(parts: CoreCallParts, owner: string): CoreCallParts {
  parts = readRecord('parts', parts, owner);
  for (const field of ['path', 'tm', 'traceId', 'query'] as const) expectString(`parts.${field}`, parts[field], owner);
  if (!isByteArray(parts.body)) throw invalidArgument('parts.body', 'a Uint8Array', parts.body, owner);
  if (!isSignMode(parts.mode)) throw invalidArgument('parts.mode', 'a sign mode (0, 1 or 2)', parts.mode, owner);
  return parts;
}

/** The signed text of docs/security-protocol.md §6.2 and the MD5 it embeds. */
export function coreSignedText(parts: CoreCallParts): { text: string; dataMd5: string } {
  return signedTextOf(readCallParts(parts, 'coreSignedText'));
}

/** coreSignedText of parts already read and checked by readCallParts. */
function signedTextOf(parts: CoreCallParts): { text: string; dataMd5: string } {
  // Mode 2 hashes query, newline and body in sequence rather than copying them into one array first.
  const digest =
    // Stryker disable next-line ConditionalExpression: a shortcut; md5 of signedPayload's query, newline and body is the same digest
    parts.mode === 2
      ? md5.create().update(utf8ToBytes(parts.query)).update(NEWLINE).update(parts.body).digest()
      : md5(payloadOf(parts.mode, parts.query, parts.body));
  const dataMd5 = bytesToHex(digest);
  const text = [parts.path, parts.tm.slice(0, SIGNED_TIME_LENGTH), parts.traceId, String(parts.mode), dataMd5].join('\n');
  return { text, dataMd5 };
}

// A client signs every core call with the same key pair until it rotates it, so the last key id is kept
// rather than hashing the same public key on each call.
let lastKeyId: { publicKey: string; keyId: string } | undefined;

/** keyIdOf, remembering the last public key's id. */
function keyIdOfSigningKey(publicKey: string): string {
  // Stryker disable next-line ConditionalExpression: a cache; hashing the same public key again gives the same key id
  if (lastKeyId?.publicKey !== publicKey) lastKeyId = { publicKey, keyId: keyIdOf(publicKey) };
  return lastKeyId.keyId;
}

/** The key that signs: a client pair's public key (base64 SPKI) and private key (PKCS#8 PEM). */
export interface SigningKey {
  publicKey: string;
  privateKeyPem: string;
}

/** The four device-sign headers of a core call, plus the signed text (for debug mode). */
export async function signCoreCall(
  engine: RsaEngine,
  key: SigningKey,
  parts: CoreCallParts,
): Promise<{ headers: Record<string, string>; text: string }> {
  expectObjectWith('engine', engine, 'signCoreCall', ['sign']);
  key = readRecord('key', key, 'signCoreCall');
  expectString('key.privateKeyPem', key.privateKeyPem, 'signCoreCall');
  expectString('key.publicKey', key.publicKey, 'signCoreCall');
  // One read of the parts: the mode header below is the mode that was signed, even from an object whose
  // getters answer differently each time.
  const read = readCallParts(parts, 'signCoreCall');
  const { text, dataMd5 } = signedTextOf(read);
  const signing = engine.sign(key.privateKeyPem, utf8ToBytes(text));
  // Computed while WebCrypto signs off the main thread.
  const keyId = keyIdOfSigningKey(key.publicKey);
  const signature = await signing;
  return {
    text,
    headers: {
      [SIGN_HEADERS.sign]: toBase64(signature),
      [SIGN_HEADERS.mode]: String(read.mode),
      [SIGN_HEADERS.dataMd5]: dataMd5,
      [SIGN_HEADERS.key]: keyId,
    },
  };
}

/** The text a device-check call's userCheckDeviceSign covers (docs/security-protocol.md §7). */
export function deviceCheckSignedText(path: string, tm: string, userIdHash: string): string {
  expectString('path', path, 'deviceCheckSignedText');
  expectString('tm', tm, 'deviceCheckSignedText');
  expectString('userIdHash', userIdHash, 'deviceCheckSignedText');
  return [path, tm.slice(0, SIGNED_TIME_LENGTH), userIdHash].join('\n');
}
