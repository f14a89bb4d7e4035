import { X509Certificate, createHash, createPrivateKey, sign as nodeSign } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { signServerKey, spkiDer } from '../../../examples/gateway/protocol.js';
import { assertRsaSpki } from '../../../core/security/server-key.js';
import { certificatePublicKey, parseSignConfig, toPem, verifyServerPublicKey } from '../../../core/security/index.js';
import type { GatewaySignConfig } from '../../../core/security/index.js';
import { ROGUE_CERT, SIGNING_CERT, fixture } from './helpers.js';
import { inputClasses } from '../../support/input-classes.js';

const serverDer = spkiDer(createPrivateKey(fixture('server.key')));
const signingKey = createPrivateKey(fixture('signing.key'));

function config(overrides: Partial<GatewaySignConfig> = {}): GatewaySignConfig {
  return parseSignConfig({
    clientOpen: true,
    serverPublicKey: serverDer.toString('base64'),
    serverPublicKeySign: signServerKey(serverDer, signingKey),
    ...overrides,
  });
}

const failure = (code: string) => expect.objectContaining({ name: 'SigningInitError', code });

describe('server public key verification (spec §S5)', () => {
  it('the test fixtures form a chain: the signing certificate is issued by the test CA', () => {
    const ca = new X509Certificate(fixture('ca.pem'));
    const signing = new X509Certificate(SIGNING_CERT);
    expect(signing.verify(ca.publicKey)).toBe(true);
    expect(new X509Certificate(ROGUE_CERT).verify(ca.publicKey)).toBe(false);
  });

  describe.each([
    ['WebCrypto', {}],
    ['node-forge, on a host without WebCrypto', { subtle: undefined }],
  ] as const)('verified with %s', (_engine, options) => {
    const verify = (c: GatewaySignConfig, pem: string) => verifyServerPublicKey(c, pem, options);

    it('a key signed over the lower-cased hash of the decoded key verifies against the embedded certificate', async () => {
      const key = await verify(config(), SIGNING_CERT);
      expect(key.hash).toBe(createHash('sha256').update(serverDer).digest('hex'));
      expect(Buffer.from(key.der)).toEqual(serverDer);
    });

    it('is not verified when clientOpen is off', async () => {
      await expect(verify(config({ clientOpen: false }), SIGNING_CERT)).rejects.toThrowError(failure('CLIENT_CLOSED'));
    });

    it('is not verified unless both the key and its signature are delivered', async () => {
      await expect(verify(config({ serverPublicKey: '' }), SIGNING_CERT)).rejects.toThrowError(failure('SERVER_KEY_MISSING'));
      await expect(verify(config({ serverPublicKeySign: '' }), SIGNING_CERT)).rejects.toThrowError(failure('SERVER_KEY_MISSING'));
    });

    it('fails against a certificate that did not sign the key', async () => {
      await expect(verify(config(), ROGUE_CERT)).rejects.toThrowError(failure('SERVER_KEY_SIGNATURE_INVALID'));
    });

    it('fails when the signature covers the upper-case hash instead of the lower-case one', async () => {
      const upper = createHash('sha256').update(serverDer).digest('hex').toUpperCase();
      const sign = nodeSign('sha256', Buffer.from(upper), signingKey).toString('base64');
      await expect(verify(config({ serverPublicKeySign: sign }), SIGNING_CERT)).rejects.toThrowError(
        failure('SERVER_KEY_SIGNATURE_INVALID'),
      );
    });

    it('fails when any byte of the delivered key is changed', async () => {
      for (const index of [0, 40, serverDer.length - 1]) {
        const tampered = Buffer.from(serverDer);
        tampered[index]! ^= 0x01;
        await expect(verify(config({ serverPublicKey: tampered.toString('base64') }), SIGNING_CERT)).rejects.toThrowError(
          expect.objectContaining({ name: 'SigningInitError' }),
        );
      }
    });

    it('fails on a malformed signature or key encoding', async () => {
      await expect(verify(config({ serverPublicKeySign: 'not base64!' }), SIGNING_CERT)).rejects.toThrowError(
        failure('SERVER_KEY_INVALID'),
      );
      await expect(verify(config({ serverPublicKey: 'AAAA' }), SIGNING_CERT)).rejects.toThrowError(failure('SERVER_KEY_INVALID'));
    });

    it('an embedded certificate that does not parse is a CERTIFICATE_INVALID failure', async () => {
      await expect(verify(config(), '-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----\n')).rejects.toThrowError(
        failure('CERTIFICATE_INVALID'),
      );
    });
  });

  it('every failure is a rejected promise, never a synchronous throw (async contract)', async () => {
    let result: Promise<unknown> | undefined;
    expect(() => {
      result = verifyServerPublicKey(config({ clientOpen: false }), 'not a certificate');
    }).not.toThrow();
    await expect(result).rejects.toThrowError(failure('CLIENT_CLOSED'));
    expect(() => {
      result = verifyServerPublicKey(config(), 'not a certificate');
    }).not.toThrow();
    await expect(result).rejects.toThrowError(failure('CERTIFICATE_INVALID'));
  });
});

/** The certificate's DER bytes with `change` applied, as PEM. */
function alteredCertificate(pem: string, change: (der: Buffer) => Buffer): string {
  const der = Buffer.from(new X509Certificate(pem).raw);
  return toPem('CERTIFICATE', change(der));
}

// rsaEncryption as a DER OID element: its last byte tells RSA from other key types.
const RSA_ENCRYPTION_OID = Buffer.from('06092a864886f70d010101', 'hex');

describe('certificate public key (read without node-forge)', () => {
  it.each([
    ['signing.pem', SIGNING_CERT],
    ['rogue.pem', ROGUE_CERT],
    ['ca.pem', fixture('ca.pem')],
  ])('%s: the SPKI bytes read are the ones node:crypto reads', (_name, pem) => {
    const expected = new X509Certificate(pem).publicKey.export({ type: 'spki', format: 'der' });
    expect(Buffer.from(certificatePublicKey(pem))).toEqual(expected);
  });

  it('a certificate whose key is not RSA is CERTIFICATE_INVALID', () => {
    const notRsa = alteredCertificate(SIGNING_CERT, (der) => {
      const at = der.indexOf(RSA_ENCRYPTION_OID);
      expect(at).toBeGreaterThan(0);
      der[at + RSA_ENCRYPTION_OID.length - 1] = 0x0a;
      return der;
    });
    expect(() => certificatePublicKey(notRsa)).toThrowError(failure('CERTIFICATE_INVALID'));
  });

  it('a certificate with bytes after it, or cut short, is CERTIFICATE_INVALID', () => {
    expect(() => certificatePublicKey(alteredCertificate(SIGNING_CERT, (der) => Buffer.concat([der, Buffer.of(0)])))).toThrowError(
      failure('CERTIFICATE_INVALID'),
    );
    expect(() => certificatePublicKey(alteredCertificate(SIGNING_CERT, (der) => der.subarray(0, der.length - 1)))).toThrowError(
      failure('CERTIFICATE_INVALID'),
    );
  });

  it('any changed byte or cut gives either CERTIFICATE_INVALID or a well-formed RSA SPKI, never another error', () => {
    const der = Buffer.from(new X509Certificate(SIGNING_CERT).raw);
    const drawn = inputClasses<{ changed: boolean; read: boolean }>({
      'a changed byte still read as a key': ({ changed, read }) => changed && read,
      'a changed byte refused': ({ changed, read }) => changed && !read,
      'a cut certificate refused': ({ changed, read }) => !changed && !read,
    });
    fc.assert(
      fc.property(fc.nat(der.length - 1), fc.integer({ min: 1, max: 255 }), fc.nat(der.length), (index, flip, cut) => {
        const altered = Buffer.from(der);
        altered[index]! ^= flip;
        for (const candidate of [altered, der.subarray(0, cut)]) {
          try {
            const spki = certificatePublicKey(toPem('CERTIFICATE', candidate));
            drawn.see({ changed: candidate === altered, read: true });
            expect(() => assertRsaSpki(spki)).not.toThrow();
          } catch (error) {
            drawn.see({ changed: candidate === altered, read: false });
            expect(error).toMatchObject({ name: 'SigningInitError', code: 'CERTIFICATE_INVALID' });
          }
        }
      }),
      { numRuns: 300 },
    );
    drawn.expectEachDrawn(5);
  });
});

describe('sign config parsing (spec §S3)', () => {
  it('reads every field and defaults the algorithm to rsa1024', () => {
    const parsed = parseSignConfig({
      clientOpen: true,
      defaultAlgorithm: 'rsa4096',
      exactUrls: ['/a', 3],
      signModes: { '/a': '2', '/b': 7 },
    });
    expect(parsed).toEqual({
      clientOpen: true,
      serverPublicKey: '',
      serverPublicKeySign: '',
      defaultAlgorithm: 'rsa1024',
      exactUrls: ['/a'],
      prefixUrls: [],
      signModes: { '/a': 2 },
      userCheckDeviceUrl: '',
    });
    expect(parseSignConfig({ defaultAlgorithm: 'rsa2048' }).defaultAlgorithm).toBe('rsa2048');
    expect(() => parseSignConfig(null)).toThrowError(failure('CONFIG_INVALID'));
  });
});
