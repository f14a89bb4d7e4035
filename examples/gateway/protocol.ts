// The server side of docs/security-protocol.md, on node:crypto only. Nothing here imports exkit: this
// is the independent implementation the client is proven against.
import { constants, createDecipheriv, createHash, createPrivateKey, createPublicKey, privateDecrypt, sign, verify } from 'node:crypto';
import type { KeyObject } from 'node:crypto';

export const KEY_PAIR_CHECK = 'KEY_PAIR_CHECK';
export const SENSITIVE_FIELDS = new Set([
  'loginName',
  'pwd',
  'areaCode',
  'mobile',
  'email',
  'verifyCode',
  'rePwd',
  'emailVerifyCode',
  'emailCode',
  'mobileCode',
  'googleCode',
  'fidoVerifyCode',
  'serialNO',
  'userId',
  'token',
  'publicAddress',
  'signature',
  'initData',
  'id',
  'qrcodeKey',
  'sign',
]);
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

export type SignMode = 0 | 1 | 2;

/** Strict standard base64 decoding (Buffer.from is lenient, the protocol is not). */
export function decodeBase64(text: string): Buffer {
  if (typeof text !== 'string' || !BASE64.test(text)) throw new Error('bad base64');
  return Buffer.from(text, 'base64');
}

export const md5Hex = (bytes: Buffer | string) => createHash('md5').update(bytes).digest('hex');
export const sha256Hex = (bytes: Buffer | string) => createHash('sha256').update(bytes).digest('hex');

/** §3: the signature over the lower-case hex SHA-256 of the server key's DER bytes. */
export function signServerKey(serverKeyDer: Buffer, signingKey: KeyObject): string {
  const message = Buffer.from(sha256Hex(serverKeyDer).toLowerCase(), 'utf8');
  return sign('sha256', message, { key: signingKey, padding: constants.RSA_PKCS1_PADDING }).toString('base64');
}

/** The SPKI DER of a private key's public half. */
export function spkiDer(privateKey: KeyObject): Buffer {
  return createPublicKey(privateKey).export({ type: 'spki', format: 'der' });
}

/**
 * RSAES-PKCS1-v1_5 decryption. Node ≥ 20.11 refuses RSA_PKCS1_PADDING for private decryption
 * (CVE-2023-46809), so decrypt raw and check the padding here, without a distinguishable early exit.
 */
export function decryptPkcs1v15(privateKey: KeyObject, ciphertext: Buffer): Buffer | undefined {
  let em: Buffer;
  try {
    em = privateDecrypt({ key: privateKey, padding: constants.RSA_NO_PADDING }, ciphertext);
  } catch {
    return undefined;
  }
  let good = (em[0] === 0 ? 1 : 0) & (em[1] === 2 ? 1 : 0);
  let separator = 0;
  for (let i = 2; i < em.length; i++) {
    const isZero = em[i] === 0 ? 1 : 0;
    const first = isZero & (separator === 0 ? 1 : 0);
    separator = first ? i : separator;
  }
  good &= separator >= 10 ? 1 : 0; // at least 8 padding bytes
  return good ? em.subarray(separator + 1) : undefined;
}

export interface DecryptedLogin {
  sensitive: Record<string, unknown>;
  publicKey: string;
  algorithm: string;
}

/** §5.4: unwraps and decrypts bodyCiphertext and checks initSign; undefined on any failure (one answer for all). */
export function decryptLogin(serverKey: KeyObject, members: Record<string, unknown>): DecryptedLogin | undefined {
  try {
    const { bodyCiphertext, algorithm, publicKey, initSign } = members;
    if (typeof bodyCiphertext !== 'string' || typeof publicKey !== 'string' || typeof initSign !== 'string') return undefined;
    const parts = bodyCiphertext.split('.');
    if (parts.length !== 3) return undefined;
    const wrapped = decodeBase64(parts[0]!);
    const iv = decodeBase64(parts[1]!);
    const ciphertext = decodeBase64(parts[2]!);
    if (iv.length !== 16 || ciphertext.length === 0 || ciphertext.length % 16 !== 0) return undefined;
    let key: Buffer | undefined;
    if (algorithm === 'RSA-OAEP-256') {
      key = privateDecrypt({ key: serverKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, wrapped);
    } else if (algorithm === 'RSA1_5') {
      key = decryptPkcs1v15(serverKey, wrapped);
    }
    if (!key || key.length !== 32) return undefined;
    const decipher = createDecipheriv('aes-256-cbc', key, iv);
    const plaintext = Buffer.concat([decipher.update(ciphertext), decipher.final()]);
    const sensitive = JSON.parse(plaintext.toString('utf8')) as unknown;
    if (typeof sensitive !== 'object' || sensitive === null || Array.isArray(sensitive)) return undefined;
    for (const name of Object.keys(sensitive)) if (!SENSITIVE_FIELDS.has(name)) return undefined;
    const clientKey = createPublicKey({ key: decodeBase64(publicKey), format: 'der', type: 'spki' });
    if (!verify('sha256', Buffer.from(KEY_PAIR_CHECK), clientKey, decodeBase64(initSign))) return undefined;
    return { sensitive: sensitive as Record<string, unknown>, publicKey, algorithm: String(algorithm) };
  } catch {
    return undefined;
  }
}

/** §6.2: the bytes a mode covers. */
export function signedPayload(mode: SignMode, query: string, body: Buffer): Buffer {
  if (mode === 0) return Buffer.alloc(0);
  if (mode === 1) return body;
  return Buffer.concat([Buffer.from(query, 'utf8'), Buffer.from([0x0a]), body]);
}

/** §6.2: the signed text of a core call. */
export function coreSignedText(path: string, tm: string, traceId: string, mode: SignMode, query: string, body: Buffer) {
  const dataMd5 = md5Hex(signedPayload(mode, query, body));
  return { text: `${path}\n${tm.slice(0, 8)}\n${traceId}\n${mode}\n${dataMd5}`, dataMd5 };
}

/** §4: the key id of a client public key (MD5 of its base64 text). */
export const keyIdOf = (publicKeyBase64: string) => md5Hex(Buffer.from(publicKeyBase64, 'utf8'));

/** An RSA-SHA256 (PKCS#1 v1.5) verification of base64 signature over UTF-8 text. */
export function verifyText(key: KeyObject, text: string, signatureBase64: string): boolean {
  try {
    return verify('sha256', Buffer.from(text, 'utf8'), { key, padding: constants.RSA_PKCS1_PADDING }, decodeBase64(signatureBase64));
  } catch {
    return false;
  }
}

export const loadPrivateKey = (pem: string) => createPrivateKey(pem);
export const publicKeyFromSpkiBase64 = (base64: string) => createPublicKey({ key: decodeBase64(base64), format: 'der', type: 'spki' });
