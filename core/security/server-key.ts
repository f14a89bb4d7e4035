// Server public key verification (seed 001 §5; docs/security-protocol.md §3): the key counts only when
// the gateway is open, key and signature are delivered, and a pinned X.509 certificate vouches for it.
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex } from '@noble/hashes/utils.js';
import forge from 'node-forge';
import { fromBase64, toBinaryString } from './bytes.js';
import { SigningInitError } from './errors.js';
import { forgePublicKeyFromSpki } from './rsa-engine.js';
import type { GatewaySignConfig } from './sign-config.js';

/** A server key the client trusts for login encryption. */
export interface VerifiedServerKey {
  /** SPKI DER bytes. */
  der: Uint8Array;
  /** The base64 text as served. */
  base64: string;
  /** Lower-case hex SHA-256 of the DER bytes: what the certificate signed. */
  hash: string;
}

/** The RSA public key of a PEM certificate (node-forge); throws SigningInitError when unusable. */
export function certificatePublicKey(certificatePem: string): forge.pki.rsa.PublicKey {
  try {
    const certificate = forge.pki.certificateFromPem(certificatePem);
    const key = certificate.publicKey as forge.pki.rsa.PublicKey;
    if (typeof key.verify !== 'function') throw new Error('not an RSA certificate');
    return key;
  } catch (cause) {
    throw new SigningInitError('CERTIFICATE_INVALID', 'the embedded certificate cannot be parsed as an RSA X.509 certificate', { cause });
  }
}

/** Checks the config's server key against the embedded certificate and returns it when trusted. */
export function verifyServerPublicKey(config: GatewaySignConfig, certificatePem: string): VerifiedServerKey {
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
    forgePublicKeyFromSpki(der);
  } catch (cause) {
    throw new SigningInitError('SERVER_KEY_INVALID', 'the server public key or its signature is not well formed', { cause });
  }
  const hash = bytesToHex(sha256(der)).toLowerCase();
  const md = forge.md.sha256.create();
  md.update(hash, 'utf8');
  let valid = false;
  try {
    valid = certificateKey.verify(md.digest().getBytes(), toBinaryString(signature));
  } catch {
    valid = false;
  }
  if (!valid) throw new SigningInitError('SERVER_KEY_SIGNATURE_INVALID', 'the server public key signature does not verify against the embedded certificate');
  return { der, base64: config.serverPublicKey, hash };
}
