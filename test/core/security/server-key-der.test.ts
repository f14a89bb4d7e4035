// The server key's DER checks, one rule at a time (RFC 5280 §4.1, RFC 8017 A.1.1): each malformed
// SubjectPublicKeyInfo is refused with the field it breaks; a version-1 certificate (no [0] version) is read
// at its own position; the key-shape guard; and what verification says when the host's crypto refuses.
import { X509Certificate, createPrivateKey, generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signServerKey, spkiDer } from '../../../examples/gateway/protocol.js';
import { assertRsaSpki, isVerifiedServerKey } from '../../../core/security/server-key.js';
import { certificatePublicKey, parseSignConfig, toPem, verifyServerPublicKey } from '../../../core/security/index.js';
import type { GatewaySignConfig } from '../../../core/security/index.js';
import { SIGNING_CERT, fixture } from './helpers.js';

/** One DER element: tag, definite length (short or long form), contents. */
function tlv(tag: number, ...contents: Uint8Array[]): Uint8Array {
  const body = Buffer.concat(contents);
  const length =
    body.length < 0x80 ? [body.length] : body.length < 0x100 ? [0x81, body.length] : [0x82, body.length >> 8, body.length & 0xff];
  return new Uint8Array(Buffer.concat([Buffer.from([tag, ...length]), body]));
}
const bytes = (...values: number[]) => new Uint8Array(values);

const RSA_OID = bytes(0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x01, 0x01);
const NULL = bytes(0x05, 0x00);
const modulus = tlv(0x02, bytes(0x00, 0xc1, 0x02, 0x03, 0x04));
const exponent = tlv(0x02, bytes(0x01, 0x00, 0x01));

/** An SPKI built from its parts; every argument defaults to the well-formed RSA one. */
function spki({
  oid = RSA_OID,
  algorithm = tlv(0x30, tlv(0x06, oid), NULL),
  rsaKey = tlv(0x30, modulus, exponent),
  bitString = tlv(0x03, bytes(0x00), rsaKey),
  extra = [] as Uint8Array[],
} = {}): Uint8Array {
  return tlv(0x30, algorithm, bitString, ...extra);
}

function refusal(der: Uint8Array): unknown {
  try {
    assertRsaSpki(der);
  } catch (error) {
    return error;
  }
  return undefined;
}
const refused = (field: string, msg: string) => expect.objectContaining({ name: 'InvalidArgumentError', msg, extra: { field } });

describe('assertRsaSpki, rule by rule', () => {
  it('accepts a well-formed RSA key, built here and made by node:crypto', () => {
    expect(refusal(spki())).toBeUndefined();
    const real = new Uint8Array(generateKeyPairSync('rsa', { modulusLength: 1024 }).publicKey.export({ type: 'spki', format: 'der' }));
    expect(refusal(real)).toBeUndefined();
  });

  it.each([
    ['not a SEQUENCE at the top', tlv(0x31, spki().subarray(2)), 'subjectPublicKeyInfo', 'subjectPublicKeyInfo is not where X.509 puts it'],
    ['bytes after it', new Uint8Array([...spki(), 0]), 'subjectPublicKeyInfo', 'bytes after the subjectPublicKeyInfo'],
    ['a third field', spki({ extra: [NULL] }), 'subjectPublicKeyInfo', 'subjectPublicKeyInfo has extra fields'],
    ['an algorithm that is not a SEQUENCE', spki({ algorithm: tlv(0x06, RSA_OID) }), 'algorithm', 'algorithm is not where X.509 puts it'],
    [
      'an algorithm without an OID first',
      spki({ algorithm: tlv(0x30, NULL, tlv(0x06, RSA_OID)) }),
      'algorithm',
      'algorithm is not where X.509 puts it',
    ],
    [
      'an EC key (id-ecPublicKey)',
      spki({ oid: bytes(0x2a, 0x86, 0x48, 0xce, 0x3d, 0x02, 0x01) }),
      'algorithm',
      'the key is not an RSA key',
    ],
    [
      'an OID one arc off (RSA-PSS)',
      spki({ oid: bytes(0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x01, 0x0a) }),
      'algorithm',
      'the key is not an RSA key',
    ],
    ['the RSA OID with an arc more', spki({ oid: bytes(...RSA_OID, 0x01) }), 'algorithm', 'the key is not an RSA key'],
    ['the RSA OID cut short', spki({ oid: RSA_OID.subarray(0, 8) }), 'algorithm', 'the key is not an RSA key'],
    [
      'a key that is not a BIT STRING',
      spki({ bitString: tlv(0x04, bytes(0x00), tlv(0x30, modulus, exponent)) }),
      'subjectPublicKey',
      'subjectPublicKey is not where X.509 puts it',
    ],
    ['no key at all', tlv(0x30, tlv(0x30, tlv(0x06, RSA_OID), NULL)), 'subjectPublicKey', 'subjectPublicKey is not where X.509 puts it'],
    ['an empty BIT STRING', spki({ bitString: tlv(0x03) }), 'subjectPublicKey', 'the key bit string is not whole bytes'],
    [
      'a BIT STRING with unused bits',
      spki({ bitString: tlv(0x03, bytes(0x01), tlv(0x30, modulus, exponent)) }),
      'subjectPublicKey',
      'the key bit string is not whole bytes',
    ],
    [
      'a BIT STRING holding an INTEGER, not a SEQUENCE',
      spki({ bitString: tlv(0x03, bytes(0x00), modulus) }),
      'RSAPublicKey',
      'RSAPublicKey is not where X.509 puts it',
    ],
    [
      'bytes after the RSA key inside the BIT STRING',
      spki({ bitString: tlv(0x03, bytes(0x00), tlv(0x30, modulus, exponent), bytes(0)) }),
      'RSAPublicKey',
      'the RSA key is not a modulus and an exponent',
    ],
    ['a modulus alone', spki({ rsaKey: tlv(0x30, modulus) }), 'RSAPublicKey', 'the RSA key is not a modulus and an exponent'],
    [
      'three numbers',
      spki({ rsaKey: tlv(0x30, modulus, exponent, exponent) }),
      'RSAPublicKey',
      'the RSA key is not a modulus and an exponent',
    ],
    [
      'an exponent that is not an INTEGER',
      spki({ rsaKey: tlv(0x30, modulus, tlv(0x04, bytes(1, 0, 1))) }),
      'RSAPublicKey',
      'the RSA key is not a modulus and an exponent',
    ],
    [
      'a modulus that is not an INTEGER',
      spki({ rsaKey: tlv(0x30, tlv(0x04, bytes(1)), exponent) }),
      'RSAPublicKey',
      'the RSA key is not a modulus and an exponent',
    ],
    ['an empty exponent', spki({ rsaKey: tlv(0x30, modulus, tlv(0x02)) }), 'RSAPublicKey', 'the RSA key is not a modulus and an exponent'],
    ['an empty modulus', spki({ rsaKey: tlv(0x30, tlv(0x02), exponent) }), 'RSAPublicKey', 'the RSA key is not a modulus and an exponent'],
  ])('refuses %s', (_rule, der, field, msg) => {
    expect(refusal(der)).toEqual(refused(field, msg));
  });
});

/** The certificate's DER with its tbsCertificate's [0] version removed: a version-1 certificate. */
function versionOne(pem: string): string {
  const der = new Uint8Array(new X509Certificate(pem).raw);
  // certificate SEQUENCE (long form, 2 length bytes) > tbsCertificate SEQUENCE (long form, 2 length bytes) > [0] version.
  expect([der[0], der[1], der[4], der[5]]).toEqual([0x30, 0x82, 0x30, 0x82]);
  const tbsEnd = 8 + ((der[6]! << 8) | der[7]!);
  const tbsFields = der.subarray(8, tbsEnd);
  expect(tbsFields[0]).toBe(0xa0);
  const withoutVersion = tbsFields.subarray(2 + tbsFields[1]!);
  const rest = der.subarray(tbsEnd);
  return toPem('CERTIFICATE', tlv(0x30, tlv(0x30, withoutVersion), rest));
}

describe('certificatePublicKey', () => {
  it('reads the key of a version-1 certificate (no [0] version field) at its own position', () => {
    const expected = new X509Certificate(SIGNING_CERT).publicKey.export({ type: 'spki', format: 'der' });
    expect(Buffer.from(certificatePublicKey(versionOne(SIGNING_CERT)))).toEqual(expected);
  });

  it('a certificate that is not three parts is CERTIFICATE_INVALID with the reason as its cause', () => {
    const der = new Uint8Array(new X509Certificate(SIGNING_CERT).raw);
    const parts = der.subarray(4);
    const twoParts = toPem('CERTIFICATE', tlv(0x30, parts.subarray(0, 4 + ((parts[2]! << 8) | parts[3]!))));
    let error: unknown;
    try {
      certificatePublicKey(twoParts);
    } catch (e) {
      error = e;
    }
    expect(error).toMatchObject({
      name: 'SigningInitError',
      code: 'CERTIFICATE_INVALID',
      msg: 'the embedded certificate cannot be parsed as an RSA X.509 certificate',
      cause: { name: 'InvalidArgumentError', msg: 'not one certificate', extra: { field: 'certificate' } },
    });
  });
});

describe('isVerifiedServerKey', () => {
  const good = { der: bytes(0x30), base64: 'MA==', hash: 'ab' };
  it.each([
    ['a key with DER bytes, their base64 and hash', good, true],
    ['null', null, false],
    ['a string', 'MA==', false],
    ['empty DER', { ...good, der: bytes() }, false],
    ['DER as an array of numbers', { ...good, der: [0x30] }, false],
    ['no base64', { ...good, base64: undefined }, false],
    ['no hash', { ...good, hash: 5 }, false],
  ])('%s: %s', (_rule, value, expected) => {
    expect(isVerifiedServerKey(value)).toBe(expected);
  });
});

describe('verifyServerPublicKey when the host refuses', () => {
  const serverDer = spkiDer(createPrivateKey(fixture('server.key')));
  const config = (): GatewaySignConfig =>
    parseSignConfig({
      clientOpen: true,
      serverPublicKey: serverDer.toString('base64'),
      serverPublicKeySign: signServerKey(serverDer, createPrivateKey(fixture('signing.key'))),
    });
  const real = globalThis.crypto.subtle;

  it('resolves to the DER, the base64 text as served and the hash', async () => {
    const key = await verifyServerPublicKey(config(), SIGNING_CERT);
    expect(key.base64).toBe(serverDer.toString('base64'));
    expect(key.hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('a certificate key WebCrypto cannot import is CERTIFICATE_INVALID with the cause', async () => {
    const cause = new Error('unsupported');
    const subtle = { importKey: () => Promise.reject(cause), verify: real.verify.bind(real) } as unknown as SubtleCrypto;
    await expect(verifyServerPublicKey(config(), SIGNING_CERT, { subtle })).rejects.toMatchObject({
      name: 'SigningInitError',
      code: 'CERTIFICATE_INVALID',
      msg: 'the embedded certificate key cannot be used to verify',
      cause,
    });
  });

  it('imports the certificate key for RSASSA-PKCS1-v1_5 SHA-256 verification only', async () => {
    const imports: unknown[][] = [];
    const subtle = {
      importKey: (...args: unknown[]) => {
        imports.push(args.slice(2));
        return (real.importKey as (...a: unknown[]) => Promise<CryptoKey>)(...args);
      },
      verify: real.verify.bind(real),
    } as unknown as SubtleCrypto;
    await verifyServerPublicKey(config(), SIGNING_CERT, { subtle });
    expect(imports).toEqual([[{ name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256' }, false, ['verify']]]);
  });

  it('a verification that throws is a signature that does not verify', async () => {
    const subtle = { importKey: real.importKey.bind(real), verify: () => Promise.reject(new Error('busy')) } as unknown as SubtleCrypto;
    await expect(verifyServerPublicKey(config(), SIGNING_CERT, { subtle })).rejects.toMatchObject({
      name: 'SigningInitError',
      code: 'SERVER_KEY_SIGNATURE_INVALID',
      msg: 'the server public key signature does not verify against the embedded certificate',
    });
  });

  it('each refusal says why', async () => {
    await expect(verifyServerPublicKey({ ...config(), clientOpen: false }, SIGNING_CERT)).rejects.toMatchObject({
      msg: 'the gateway has client signing turned off',
    });
    await expect(verifyServerPublicKey({ ...config(), serverPublicKey: '' }, SIGNING_CERT)).rejects.toMatchObject({
      msg: 'the server public key or its signature was not delivered',
    });
    await expect(verifyServerPublicKey({ ...config(), serverPublicKey: 'AAAA' }, SIGNING_CERT)).rejects.toMatchObject({
      code: 'SERVER_KEY_INVALID',
      msg: 'the server public key or its signature is not well formed',
    });
  });

  it('a config that is not an object is an InvalidArgumentError naming verifyServerPublicKey', async () => {
    await expect(verifyServerPublicKey(null as never, SIGNING_CERT)).rejects.toThrow(/^verifyServerPublicKey: config must be an object/);
  });
});
