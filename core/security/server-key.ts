// Server public key verification (spec §S5; docs/security-protocol.md §3): the key counts only when
// the gateway is open, key and signature are delivered, and a pinned X.509 certificate vouches for it.
// The certificate's key is read with a small DER walk and the signature checked with WebCrypto, so the
// common path never loads node-forge; forge is imported only on a host without WebCrypto.
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import { InvalidArgumentError } from '../errors/exkit-error.js';
import { derChildren, fromBase64, fromPem, isByteArray, readDer } from './bytes.js';
import type { DerElement } from './bytes.js';
import { SigningInitError } from './errors.js';
import { forgeVerifySha256 } from './rsa-engine.js';
import type { GatewaySignConfig } from './sign-config.js';
import { readRecord } from '../validate/describe-value.js';

/** A server key the client trusts for login encryption. */
export interface VerifiedServerKey {
  /** SPKI DER bytes. */
  der: Uint8Array;
  /** The base64 text as served. */
  base64: string;
  /** Lower-case hex SHA-256 of the DER bytes: what the certificate signed. */
  hash: string;
}

/** Whether `value` has the shape of a verified server key (DER bytes, their base64 text and hex hash). */
export function isVerifiedServerKey(value: unknown): value is VerifiedServerKey {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return isByteArray(v.der) && v.der.length > 0 && typeof v.base64 === 'string' && typeof v.hash === 'string';
}

/** Options of `verifyServerPublicKey`. */
export interface VerifyServerKeyOptions {
  /**
   * WebCrypto to verify with. Left out: `globalThis.crypto.subtle`. Given as undefined (a host without
   * WebCrypto): node-forge is imported and verifies instead.
   */
  subtle?: SubtleCrypto | undefined;
}

const SEQUENCE = 0x30;
const INTEGER = 0x02;
const BIT_STRING = 0x03;
const OBJECT_IDENTIFIER = 0x06;
const EXPLICIT_VERSION = 0xa0;
// rsaEncryption, 1.2.840.113549.1.1.1 (RFC 8017 appendix A.1), as the contents of its DER OID.
const RSA_ENCRYPTION = [0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x01, 0x01];

function expectTag(element: DerElement | undefined, tag: number, what: string): DerElement {
  if (element?.tag !== tag) throw new InvalidArgumentError(`${what} is not where X.509 puts it`, { field: what });
  return element;
}

/** Throws InvalidArgumentError unless `der` is exactly one SubjectPublicKeyInfo of an RSA key (RFC 5280 §4.1, RFC 8017 A.1.1). */
export function assertRsaSpki(der: Uint8Array): void {
  const spki = expectTag(readDer(der), SEQUENCE, 'subjectPublicKeyInfo');
  if (spki.end !== der.length) throw new InvalidArgumentError('bytes after the subjectPublicKeyInfo', { field: 'subjectPublicKeyInfo' });
  const [algorithm, key, ...rest] = derChildren(der, spki);
  if (rest.length > 0) throw new InvalidArgumentError('subjectPublicKeyInfo has extra fields', { field: 'subjectPublicKeyInfo' });
  const oid = expectTag(derChildren(der, expectTag(algorithm, SEQUENCE, 'algorithm'))[0], OBJECT_IDENTIFIER, 'algorithm');
  const oidBytes = der.subarray(oid.contentStart, oid.end);
  if (oidBytes.length !== RSA_ENCRYPTION.length || oidBytes.some((b, i) => b !== RSA_ENCRYPTION[i])) {
    throw new InvalidArgumentError('the key is not an RSA key', { field: 'algorithm' });
  }
  const bits = expectTag(key, BIT_STRING, 'subjectPublicKey');
  if (bits.contentStart >= bits.end || der[bits.contentStart] !== 0)
    throw new InvalidArgumentError('the key bit string is not whole bytes', { field: 'subjectPublicKey' });
  const rsaKey = expectTag(readDer(der, bits.contentStart + 1, bits.end), SEQUENCE, 'RSAPublicKey');
  const numbers = derChildren(der, rsaKey);
  if (rsaKey.end !== bits.end || numbers.length !== 2 || numbers.some((n) => n.tag !== INTEGER || n.end === n.contentStart)) {
    throw new InvalidArgumentError('the RSA key is not a modulus and an exponent', { field: 'RSAPublicKey' });
  }
}

/** The SPKI DER of the RSA public key in a PEM X.509 certificate; throws SigningInitError (CERTIFICATE_INVALID) otherwise. */
export function certificatePublicKey(certificatePem: string): Uint8Array {
  try {
    const der = fromPem('CERTIFICATE', certificatePem);
    const certificate = expectTag(readDer(der), SEQUENCE, 'certificate');
    const parts = derChildren(der, certificate);
    if (certificate.end !== der.length || parts.length !== 3)
      throw new InvalidArgumentError('not one certificate', { field: 'certificate' });
    const fields = derChildren(der, expectTag(parts[0], SEQUENCE, 'tbsCertificate'));
    // tbsCertificate: [0] version (optional), serialNumber, signature, issuer, validity, subject, subjectPublicKeyInfo.
    const spki = expectTag(fields[fields[0]?.tag === EXPLICIT_VERSION ? 6 : 5], SEQUENCE, 'subjectPublicKeyInfo');
    const key = der.slice(spki.start, spki.end);
    assertRsaSpki(key);
    return key;
  } catch (cause) {
    throw new SigningInitError('CERTIFICATE_INVALID', 'the embedded certificate cannot be parsed as an RSA X.509 certificate', { cause });
  }
}

// TypeScript's DOM types want ArrayBuffer-backed views; ours always are.
const view = (bytes: Uint8Array) => bytes as Uint8Array<ArrayBuffer>;

/** RSASSA-PKCS1-v1_5 SHA-256 verification: WebCrypto when given, else node-forge (imported now). */
async function verifySha256(subtle: SubtleCrypto | undefined, spki: Uint8Array, data: Uint8Array, signature: Uint8Array): Promise<boolean> {
  if (!subtle) return forgeVerifySha256(spki, data, signature);
  let key: CryptoKey;
  try {
    key = await subtle.importKey('spki', view(spki), { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256' }, false, ['verify']);
  } catch (cause) {
    throw new SigningInitError('CERTIFICATE_INVALID', 'the embedded certificate key cannot be used to verify', { cause });
  }
  try {
    return await subtle.verify('RSASSA-PKCS1-v1_5', key, view(signature), view(data));
  } catch {
    return false;
  }
}

/** Checks the config's server key against the embedded certificate and resolves to it when trusted; rejects with SigningInitError
 * otherwise. */
export async function verifyServerPublicKey(
  givenConfig: GatewaySignConfig,
  certificatePem: string,
  givenOptions: VerifyServerKeyOptions = {},
): Promise<VerifiedServerKey> {
  // Read once into plain copies: a config or options object that cannot be read is an InvalidArgumentError.
  const config = readRecord('config', givenConfig, 'verifyServerPublicKey');
  const options = readRecord('options', givenOptions, 'verifyServerPublicKey', {});
  const subtle = 'subtle' in options ? options.subtle : globalThis.crypto?.subtle;
  if (!config.clientOpen) throw new SigningInitError('CLIENT_CLOSED', 'the gateway has client signing turned off');
  if (!config.serverPublicKey || !config.serverPublicKeySign) {
    throw new SigningInitError('SERVER_KEY_MISSING', 'the server public key or its signature was not delivered');
  }
  const certificateKey = certificatePublicKey(certificatePem);
  let der: Uint8Array;
  let signature: Uint8Array;
  try {
    der = fromBase64(config.serverPublicKey);
    signature = fromBase64(config.serverPublicKeySign);
    assertRsaSpki(der);
  } catch (cause) {
    throw new SigningInitError('SERVER_KEY_INVALID', 'the server public key or its signature is not well formed', { cause });
  }
  const hash = bytesToHex(sha256(der)).toLowerCase();
  const valid = await verifySha256(subtle, certificateKey, utf8ToBytes(hash), signature);
  if (!valid)
    throw new SigningInitError(
      'SERVER_KEY_SIGNATURE_INVALID',
      'the server public key signature does not verify against the embedded certificate',
    );
  return { der, base64: config.serverPublicKey, hash };
}
