// Login-payload encryption (spec §S3, §S7; docs/security-protocol.md §5): the sensitive fields leave
// the clear body and travel AES-256-CBC encrypted under a fresh key wrapped with the server's RSA key.
import { cbc } from '@noble/ciphers/aes.js';
import { utf8ToBytes } from '@noble/ciphers/utils.js';
import { toBase64 } from './bytes.js';
import {
  AES_IV_BYTES,
  AES_KEY_BYTES,
  ENCRYPTED_MEMBERS,
  KEY_PAIR_CHECK,
  LOGIN_URLS,
  SENSITIVE_FIELDS,
  SUB_ACCOUNT_SWITCH_URLS,
} from './constants.js';
import type { KeyWrapAlgorithm } from './constants.js';
import type { RsaEngine } from './rsa-engine.js';
import { putOwn } from '../validate/own-field.js';
import { expectObjectWith, expectString, invalidArgument, readGuarded, readRecord } from '../validate/describe-value.js';

const SENSITIVE = new Set<string>(SENSITIVE_FIELDS);
const LOGIN = new Set<string>(LOGIN_URLS);
const SWITCH = new Set<string>(SUB_ACCOUNT_SWITCH_URLS);

/** Whether an API path is one of the login-type URLs of spec §S7. */
export function isLoginUrl(path: string): boolean {
  return LOGIN.has(path);
}

/** Whether an API path is a sub-account switch call (always encrypted, spec §S5). */
export function isSubAccountSwitchUrl(path: string): boolean {
  return SWITCH.has(path);
}

/** Whether a parameter name is one of the sensitive fields of spec §S3. */
export function isSensitiveField(name: string): boolean {
  return SENSITIVE.has(name);
}

/** The parameters split into the sensitive ones (spec §S3) and the rest, keeping their order. */
export function partitionSensitive(params: Readonly<Record<string, unknown>>): {
  sensitive: Record<string, unknown>;
  clear: Record<string, unknown>;
} {
  const sensitive: Record<string, unknown> = {};
  const clear: Record<string, unknown> = {};
  if (typeof params !== 'object' || params === null) throw invalidArgument('params', 'an object', params, 'partitionSensitive');
  const entries = readGuarded('params', 'an object whose fields can be read', params, 'partitionSensitive', () => Object.entries(params));
  for (const [name, value] of entries) {
    if (value === undefined) continue;
    putOwn(SENSITIVE.has(name) ? sensitive : clear, name, value);
  }
  return { sensitive, clear };
}

/** The client key material an encrypted login carries. */
export interface LoginClientKey {
  publicKey: string;
  privateKeyPem: string;
}

/** The four members an encrypted login call adds to its clear fields. */
export interface EncryptedMembers {
  bodyCiphertext: string;
  algorithm: KeyWrapAlgorithm;
  publicKey: string;
  initSign: string;
}

export interface EncryptOptions {
  engine: RsaEngine;
  /** The verified server key, SPKI DER. */
  serverKeyDer: Uint8Array;
  clientKey: LoginClientKey;
  algorithm: KeyWrapAlgorithm;
  /** Fills a fresh array with cryptographically strong random bytes. */
  randomBytes: (length: number) => Uint8Array;
  /**
   * The client key's signature over KEY_PAIR_CHECK when already known (it is deterministic), or its computation
   * under way: the key wrap and the AES work then run alongside it instead of after it.
   */
  initSign?: string | Promise<string>;
  /**
   * WebCrypto for the AES-256-CBC step, where the host has it (native, and no cold pure-JavaScript AES on the
   * first login of a page). Without it, or when it refuses the job, the pure-JavaScript AES gives the same bytes.
   */
  subtle?: SubtleCrypto | undefined;
}

/** base64 of the client key's RSA-SHA256 signature over KEY_PAIR_CHECK. */
export async function computeInitSign(engine: RsaEngine, privateKeyPem: string): Promise<string> {
  expectObjectWith('engine', engine, 'computeInitSign', ['sign']);
  expectString('privateKeyPem', privateKeyPem, 'computeInitSign');
  return toBase64(await engine.sign(privateKeyPem, utf8ToBytes(KEY_PAIR_CHECK)));
}

// TypeScript's DOM types want ArrayBuffer-backed views; ours always are.
const view = (bytes: Uint8Array) => bytes as Uint8Array<ArrayBuffer>;

/**
 * AES-256-CBC with PKCS#7 padding (what both WebCrypto and @noble/ciphers' `cbc` do), through WebCrypto when
 * given, else in JavaScript. WebCrypto copies the key, IV and plaintext when called, so the caller may zero them
 * once this settles.
 */
async function aesCbcEncrypt(
  subtle: SubtleCrypto | undefined,
  key: Uint8Array,
  iv: Uint8Array,
  plaintext: Uint8Array,
): Promise<Uint8Array> {
  // Stryker disable next-line ConditionalExpression: a shortcut; without subtle the call below throws, and the catch falls back alike
  if (subtle) {
    try {
      const aesKey = await subtle.importKey('raw', view(key), 'AES-CBC', false, ['encrypt']);
      return new Uint8Array(await subtle.encrypt({ name: 'AES-CBC', iv: view(iv) }, aesKey, view(plaintext)));
    } catch {
      // A WebCrypto that refuses AES-CBC here: the JavaScript AES below gives the same bytes.
    }
  }
  return cbc(key, iv).encrypt(plaintext);
}

/** Encrypts a set of sensitive fields into the members of docs/security-protocol.md §5.3. */
export async function encryptSensitiveFields(
  sensitive: Readonly<Record<string, unknown>>,
  options: EncryptOptions,
): Promise<EncryptedMembers> {
  options = readRecord('options', options, 'encryptSensitiveFields');
  return seal(() => JSON.stringify(sensitive), options);
}

/**
 * Draws the call's AES key and IV, starts the RSA work (key wrap, and initSign when not given), and only
 * then builds and encrypts the payload: WebCrypto runs RSA off the main thread, so the JSON, AES and base64
 * work here overlaps it instead of preceding it.
 */
async function seal(payload: () => string, options: EncryptOptions): Promise<EncryptedMembers> {
  if (typeof options.randomBytes !== 'function')
    throw invalidArgument('options.randomBytes', 'a function', options.randomBytes, 'login encryption');
  expectObjectWith('options.engine', options.engine, 'login encryption', ['wrapKey', 'sign']);
  expectObjectWith('options', options, 'login encryption', ['clientKey']);
  const key = options.randomBytes(AES_KEY_BYTES);
  const iv = options.randomBytes(AES_IV_BYTES);
  let plaintext: Uint8Array | undefined;
  // Both engines read the key synchronously when called, so zeroing it below never races the wrap.
  const wrapping = options.engine.wrapKey(options.serverKeyDer, key, options.algorithm);
  const signing = options.initSign ?? computeInitSign(options.engine, options.clientKey.privateKeyPem);
  // The RSA work as one promise, handled at once: if it fails while the AES step is still running, that is this
  // call's rejection when it is awaited below, never an unhandled rejection in between.
  const rsa = Promise.all([wrapping, signing]);
  rsa.catch(() => undefined);
  try {
    plaintext = utf8ToBytes(payload());
    const ciphertext = await aesCbcEncrypt(options.subtle, key, iv, plaintext);
    const rest = `.${toBase64(iv)}.${toBase64(ciphertext)}`;
    const [wrapped, initSign] = await rsa;
    if (typeof initSign !== 'string' || initSign === '')
      throw invalidArgument('options.initSign', 'a signature (a non-empty string, or a promise of one)', initSign, 'login encryption');
    return {
      bodyCiphertext: toBase64(wrapped) + rest,
      algorithm: options.algorithm,
      publicKey: options.clientKey.publicKey,
      initSign,
    };
  } finally {
    // Nothing of the call's secrets outlives it.
    key.fill(0);
    iv.fill(0);
    plaintext?.fill(0);
  }
}

/** The parameters of a login call with its sensitive fields replaced by the encrypted members. */
export async function encryptLoginParams(
  params: Readonly<Record<string, unknown>>,
  options: EncryptOptions,
): Promise<Record<string, unknown>> {
  options = readRecord('options', options, 'encryptLoginParams');
  let clear: Record<string, unknown> = {};
  const members = await seal(() => {
    const parts = partitionSensitive(params);
    clear = parts.clear;
    return JSON.stringify(parts.sensitive);
  }, options);
  for (const name of ENCRYPTED_MEMBERS) delete clear[name];
  return { ...clear, ...members };
}
