import { X509Certificate, createHash, createPrivateKey, sign as nodeSign } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signServerKey, spkiDer } from '../../../examples/gateway/protocol.js';
import { parseSignConfig, verifyServerPublicKey } from '../../../core/security/index.js';
import type { GatewaySignConfig } from '../../../core/security/index.js';
import { ROGUE_CERT, SIGNING_CERT, fixture } from './helpers.js';

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

describe('server public key verification (seed 001 §5)', () => {
  it('the test fixtures form a chain: the signing certificate is issued by the test CA', () => {
    const ca = new X509Certificate(fixture('ca.pem'));
    const signing = new X509Certificate(SIGNING_CERT);
    expect(signing.verify(ca.publicKey)).toBe(true);
    expect(new X509Certificate(ROGUE_CERT).verify(ca.publicKey)).toBe(false);
  });

  it('a key signed over the lower-cased hash of the decoded key verifies against the embedded certificate', () => {
    const key = verifyServerPublicKey(config(), SIGNING_CERT);
    expect(key.hash).toBe(createHash('sha256').update(serverDer).digest('hex'));
    expect(Buffer.from(key.der)).toEqual(serverDer);
  });

  it('is not verified when clientOpen is off', () => {
    expect(() => verifyServerPublicKey(config({ clientOpen: false }), SIGNING_CERT)).toThrowError(failure('CLIENT_CLOSED'));
  });

  it('is not verified unless both the key and its signature are delivered', () => {
    expect(() => verifyServerPublicKey(config({ serverPublicKey: '' }), SIGNING_CERT)).toThrowError(failure('SERVER_KEY_MISSING'));
    expect(() => verifyServerPublicKey(config({ serverPublicKeySign: '' }), SIGNING_CERT)).toThrowError(failure('SERVER_KEY_MISSING'));
  });

  it('fails against a certificate that did not sign the key', () => {
    expect(() => verifyServerPublicKey(config(), ROGUE_CERT)).toThrowError(failure('SERVER_KEY_SIGNATURE_INVALID'));
  });

  it('fails when the signature covers the upper-case hash instead of the lower-case one', () => {
    const upper = createHash('sha256').update(serverDer).digest('hex').toUpperCase();
    const sign = nodeSign('sha256', Buffer.from(upper), signingKey).toString('base64');
    expect(() => verifyServerPublicKey(config({ serverPublicKeySign: sign }), SIGNING_CERT)).toThrowError(failure('SERVER_KEY_SIGNATURE_INVALID'));
  });

  it('fails when any byte of the delivered key is changed', () => {
    for (const index of [0, 40, serverDer.length - 1]) {
      const tampered = Buffer.from(serverDer);
      tampered[index]! ^= 0x01;
      expect(() => verifyServerPublicKey(config({ serverPublicKey: tampered.toString('base64') }), SIGNING_CERT)).toThrowError(
        expect.objectContaining({ name: 'SigningInitError' }),
      );
    }
  });

  it('fails on a malformed signature or key encoding', () => {
    expect(() => verifyServerPublicKey(config({ serverPublicKeySign: 'not base64!' }), SIGNING_CERT)).toThrowError(failure('SERVER_KEY_INVALID'));
    expect(() => verifyServerPublicKey(config({ serverPublicKey: 'AAAA' }), SIGNING_CERT)).toThrowError(failure('SERVER_KEY_INVALID'));
  });

  it('an embedded certificate that does not parse is a CERTIFICATE_INVALID failure', () => {
    expect(() => verifyServerPublicKey(config(), '-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----\n')).toThrowError(failure('CERTIFICATE_INVALID'));
  });
});

describe('sign config parsing (seed 001 §3)', () => {
  it('reads every field and defaults the algorithm to rsa1024', () => {
    const parsed = parseSignConfig({ clientOpen: true, defaultAlgorithm: 'rsa4096', exactUrls: ['/a', 3], signModes: { '/a': '2', '/b': 7 } });
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
