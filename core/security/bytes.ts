// Byte encodings the protocol uses: standard padded base64, node-forge's binary strings and PEM armour.
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import { InvalidArgumentError } from '../errors/exkit-error.js';
import { isBase64 } from '../validate/base64.js';
import { expectString, invalidArgument } from '../validate/describe-value.js';
import { escapeRegExp } from '../validate/reg-exp.js';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const LOOKUP = new Int16Array(128).fill(-1);
// Stryker disable next-line EqualityOperator: one step more sets LOOKUP[NaN], which an Int16Array ignores (no integer index)
for (let i = 0; i < ALPHABET.length; i++) LOOKUP[ALPHABET.charCodeAt(i)] = i;

/** A Uint8Array, checked without touching a Proxy's traps (ArrayBuffer.isView reads an internal slot). */
export const isByteArray = (value: unknown): value is Uint8Array => ArrayBuffer.isView(value) && value instanceof Uint8Array;

/** Standard padded base64 (RFC 4648 §4) of bytes. */
export function toBase64(bytes: Uint8Array): string {
  if (!isByteArray(bytes)) throw invalidArgument('bytes', 'a Uint8Array', bytes, 'toBase64');
  let out = '';
  let i = 0;
  for (; i + 2 < bytes.length; i += 3) {
    const n = (bytes[i]! << 16) | (bytes[i + 1]! << 8) | bytes[i + 2]!;
    out += ALPHABET[n >> 18]! + ALPHABET[(n >> 12) & 63]! + ALPHABET[(n >> 6) & 63]! + ALPHABET[n & 63]!;
  }
  const rest = bytes.length - i;
  if (rest === 1) {
    const n = bytes[i]! << 16;
    out += ALPHABET[n >> 18]! + ALPHABET[(n >> 12) & 63]! + '==';
  } else if (rest === 2) {
    const n = (bytes[i]! << 16) | (bytes[i + 1]! << 8);
    out += ALPHABET[n >> 18]! + ALPHABET[(n >> 12) & 63]! + ALPHABET[(n >> 6) & 63]! + '=';
  }
  return out;
}

/** The bytes of standard padded base64; throws InvalidArgumentError on anything else. */
export function fromBase64(text: string): Uint8Array {
  if (!isBase64(text)) throw new InvalidArgumentError('not standard padded base64');
  const padding = text.endsWith('==') ? 2 : text.endsWith('=') ? 1 : 0;
  const out = new Uint8Array((text.length / 4) * 3 - padding);
  let o = 0;
  // Stryker disable next-line EqualityOperator: one step more starts after the last byte is written, so the guards below skip it
  for (let i = 0; i < text.length; i += 4) {
    const a = LOOKUP[text.charCodeAt(i)]!;
    const b = LOOKUP[text.charCodeAt(i + 1)]!;
    const c = text[i + 2] === '=' ? 0 : LOOKUP[text.charCodeAt(i + 2)]!;
    const d = text[i + 3] === '=' ? 0 : LOOKUP[text.charCodeAt(i + 3)]!;
    const n = (a << 18) | (b << 12) | (c << 6) | d;
    // Stryker disable ConditionalExpression,EqualityOperator: a Uint8Array drops writes past its end, so these guards only skip them
    if (o < out.length) out[o++] = n >> 16;
    if (o < out.length) out[o++] = (n >> 8) & 255;
    if (o < out.length) out[o++] = n & 255;
  }
  // Stryker restore ConditionalExpression,EqualityOperator
  return out;
}

/** node-forge's "binary string" (one char per byte) of bytes. */
export function toBinaryString(bytes: Uint8Array): string {
  let out = '';
  // Stryker disable next-line EqualityOperator: one step more takes an empty chunk, and String.fromCharCode() is ''
  for (let i = 0; i < bytes.length; i += 8192) out += String.fromCharCode(...bytes.subarray(i, i + 8192));
  return out;
}

/** The bytes of a node-forge binary string. */
export function fromBinaryString(text: string): Uint8Array {
  const out = new Uint8Array(text.length);
  // Stryker disable next-line EqualityOperator: one step more writes out[text.length], which a Uint8Array drops
  for (let i = 0; i < text.length; i++) out[i] = text.charCodeAt(i) & 255;
  return out;
}

/** PEM armour of DER bytes with 64-character lines (RFC 7468). */
export function toPem(label: string, der: Uint8Array): string {
  checkPemLabel(label, 'toPem');
  if (!isByteArray(der)) throw invalidArgument('der', 'a Uint8Array', der, 'toPem');
  const body = toBase64(der).replace(/.{1,64}/g, '$&\n');
  return `-----BEGIN ${label}-----\n${body}-----END ${label}-----\n`;
}

// RFC 7468 §3: a label is printable ASCII other than '-', words joined by one space or hyphen ("PUBLIC KEY").
const PEM_LABEL = /^[\x21-\x2c\x2e-\x7e]+(?:[ -][\x21-\x2c\x2e-\x7e]+)*$/;

function checkPemLabel(label: unknown, owner: string): void {
  if (typeof label !== 'string' || !PEM_LABEL.test(label))
    throw invalidArgument('label', 'a PEM label (RFC 7468), such as "PUBLIC KEY"', label, owner);
}

/** The DER bytes inside PEM armour with the given label; throws InvalidArgumentError otherwise. */
export function fromPem(label: string, pem: string): Uint8Array {
  checkPemLabel(label, 'fromPem');
  expectString('pem', pem, 'fromPem');
  const armour = escapeRegExp(label);
  const match = new RegExp(`-----BEGIN ${armour}-----([A-Za-z0-9+/=\\s]+)-----END ${armour}-----`).exec(pem);
  if (!match) throw new InvalidArgumentError(`fromPem: pem is not a PEM ${label}`, { field: 'pem' });
  // Stryker disable next-line Regex: removing every whitespace run or every whitespace character leaves the same text
  return fromBase64(match[1]!.replace(/\s+/g, ''));
}

/** SHA-256 of the UTF-8 text, as 64 lower-case hex characters. */
export function sha256Hex(text: string): string {
  expectString('text', text, 'sha256Hex');
  return bytesToHex(sha256(utf8ToBytes(text)));
}

/**
 * `sha256Hex` through WebCrypto when the host has it (native, and no cold pure-JavaScript hashing of a long
 * text), else the pure-JavaScript digest; the same 64 hex characters either way. A digest WebCrypto refuses
 * is computed here instead.
 */
export async function sha256HexVia(subtle: SubtleCrypto | undefined, text: string): Promise<string> {
  expectString('text', text, 'sha256HexVia');
  if (subtle) {
    try {
      return bytesToHex(new Uint8Array(await subtle.digest('SHA-256', utf8ToBytes(text))));
    } catch {
      // An engine that has SubtleCrypto but refuses this digest: the pure-JavaScript one gives the same hex.
    }
  }
  return sha256Hex(text);
}

/** One DER element (X.690 §8.1): its tag, where it starts, where its contents start and where it ends. */
export interface DerElement {
  tag: number;
  start: number;
  contentStart: number;
  end: number;
}

const truncated = () => new InvalidArgumentError('truncated DER element', { field: 'der' });

/** The DER element at `offset`, ending by `limit`; throws InvalidArgumentError when it is malformed. */
export function readDer(bytes: Uint8Array, offset = 0, limit = bytes.length): DerElement {
  if (offset + 2 > limit) throw truncated();
  const tag = bytes[offset]!;
  // Certificates and keys use only low tag numbers; a high-tag-number form here is not one of them.
  if ((tag & 0x1f) === 0x1f) throw new InvalidArgumentError('DER high tag numbers are not expected', { field: 'der' });
  let length = bytes[offset + 1]!;
  let contentStart = offset + 2;
  if (length & 0x80) {
    const count = length & 0x7f;
    // Indefinite lengths are BER, not DER; more than 4 length bytes is far past any key or certificate.
    if (count === 0 || count > 4) throw new InvalidArgumentError('DER length is indefinite or too long', { field: 'der' });
    if (contentStart + count > limit) throw truncated();
    length = 0;
    for (let i = 0; i < count; i++) length = length * 256 + bytes[contentStart + i]!;
    contentStart += count;
  }
  const end = contentStart + length;
  if (end > limit) throw truncated();
  return { tag, start: offset, contentStart, end };
}

/** The elements inside a constructed DER element, in order; throws InvalidArgumentError when one is malformed. */
export function derChildren(bytes: Uint8Array, parent: DerElement): DerElement[] {
  const children: DerElement[] = [];
  for (let at = parent.contentStart; at < parent.end;) {
    const child = readDer(bytes, at, parent.end);
    children.push(child);
    at = child.end;
  }
  return children;
}
