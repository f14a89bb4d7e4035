// RSA for the client: WebCrypto where the host has it, node-forge where it does not (and for RSA1_5 key
// wrapping, which WebCrypto cannot do). Both produce the same bytes (docs/security-protocol.md §4).
// node-forge is loaded on first use only, so a host with WebCrypto never loads it (nor bundles it into its
// first chunk), and no forge type appears in the public declarations.
import type forgeModule from 'node-forge';
import { fromBinaryString, fromPem, isByteArray, toBase64, toBinaryString, toPem } from './bytes.js';
import { KEY_WRAP_ALGORITHMS } from './constants.js';
import type { KeyWrapAlgorithm } from './constants.js';
import { ExkitError } from '../errors/exkit-error.js';
import { invalidArgument } from '../validate/describe-value.js';
import { SigningInitError } from './errors.js';

/** A freshly generated client key pair: base64 SPKI and PKCS#8 PEM. */
export interface GeneratedKeyPair {
  publicKey: string;
  privateKeyPem: string;
}

/** The RSA operations the client needs. */
export interface RsaEngine {
  readonly kind: 'webcrypto' | 'forge';
  /** Generates an RSA key pair with public exponent 65537. */
  generateKeyPair(bits: number): Promise<GeneratedKeyPair>;
  /** RSASSA-PKCS1-v1_5 with SHA-256 over `data`. */
  sign(privateKeyPem: string, data: Uint8Array): Promise<Uint8Array>;
  /** Encrypts a content key with the server's SPKI public key. */
  wrapKey(spkiDer: Uint8Array, key: Uint8Array, algorithm: KeyWrapAlgorithm): Promise<Uint8Array>;
}

const PRIVATE_KEY_LABEL = 'PRIVATE KEY';
const CACHE_LIMIT = 8;
const PUBLIC_EXPONENT = 0x10001;

/** A tiny insertion-ordered cache: imported keys are reused, old ones dropped. */
function boundedCache<V>(): { get(key: string, make: () => V): V } {
  const map = new Map<string, V>();
  return {
    get(key, make) {
      let value = map.get(key);
      if (value === undefined) {
        value = make();
        map.set(key, value);
        if (map.size > CACHE_LIMIT) map.delete(map.keys().next().value as string);
      }
      return value;
    },
  };
}

// TypeScript's DOM types want ArrayBuffer-backed views; ours always are.
const view = (bytes: Uint8Array) => bytes as Uint8Array<ArrayBuffer>;

/**
 * An imported key: the import's promise, and the key itself once it has resolved, so that later calls
 * queue their WebCrypto job at once, before the caller's next synchronous step, which then overlaps it.
 */
interface ImportedKey {
  readonly promise: Promise<CryptoKey>;
  key?: CryptoKey;
}

function importedKey(importing: () => Promise<CryptoKey>): ImportedKey {
  let promise: Promise<CryptoKey>;
  try {
    promise = importing();
  } catch (error) {
    promise = Promise.reject(error);
  }
  const entry: ImportedKey = { promise };
  promise.then(
    (key) => {
      entry.key = key;
    },
    () => undefined,
  );
  return entry;
}

/** RSA modulus lengths an engine accepts: whole bytes, from 512 bits (tests) to 16384 (beyond, generation takes minutes). */
const MIN_RSA_BITS = 512;
const MAX_RSA_BITS = 16384;

/**
 * The engine's public boundary: each method checks its arguments and rejects with InvalidArgumentError naming the
 * one that is wrong, before the host's crypto sees it (Node aborts the whole process on a modulus length that is
 * not a 32-bit integer).
 */
function checkedEngine(engine: RsaEngine): RsaEngine {
  const owner = `${engine.kind} engine`;
  const bytes = (field: string, value: unknown) => {
    if (!isByteArray(value)) throw invalidArgument(field, 'a Uint8Array', value, owner);
  };
  // The host's crypto refuses a key it cannot read with its own errors (DataError): they are named as the argument.
  const attempt = <T>(check: () => void, run: () => Promise<T>, refused: (cause: unknown) => Error): Promise<T> => {
    try {
      check();
      return run().catch((error: unknown) => {
        throw error instanceof ExkitError ? error : refused(error);
      });
    } catch (error) {
      return Promise.reject(error instanceof ExkitError ? error : refused(error));
    }
  };
  return {
    kind: engine.kind,
    generateKeyPair: (bits) =>
      attempt(
        () => {
          if (!Number.isInteger(bits) || bits < MIN_RSA_BITS || bits > MAX_RSA_BITS || bits % 8 !== 0)
            throw invalidArgument('bits', `a whole number of bytes in bits, from ${MIN_RSA_BITS} to ${MAX_RSA_BITS}`, bits, owner);
        },
        () => engine.generateKeyPair(bits),
        (cause) => new SigningInitError('KEY_GENERATION_FAILED', 'client key pair generation failed', { cause }),
      ),
    sign: (privateKeyPem, data) =>
      attempt(
        () => {
          if (typeof privateKeyPem !== 'string') throw invalidArgument('privateKeyPem', 'a PEM string', privateKeyPem, owner);
          bytes('data', data);
        },
        () => engine.sign(privateKeyPem, data),
        // The key itself stays out of the error: a message or report must not carry it.
        (cause) => invalidArgument('privateKeyPem', 'an RSA private key (PKCS#8 PEM) the host can sign with', '[hidden]', owner, cause),
      ),
    wrapKey: (spkiDer, key, algorithm) =>
      attempt(
        () => {
          bytes('spkiDer', spkiDer);
          bytes('key', key);
          if (!(KEY_WRAP_ALGORITHMS as readonly unknown[]).includes(algorithm))
            throw invalidArgument('algorithm', "'RSA-OAEP-256' or 'RSA1_5'", algorithm, owner);
        },
        () => engine.wrapKey(spkiDer, key, algorithm),
        (cause) => invalidArgument('spkiDer', 'an RSA public key (SPKI DER) that can wrap the key', spkiDer, owner, cause),
      ),
  };
}

type Forge = typeof forgeModule;
let forgeLoading: Promise<Forge> | undefined;

/** node-forge, imported on first call; a failed import is retried on the next call. */
function loadForge(): Promise<Forge> {
  forgeLoading ??= import('node-forge').then(
    // CommonJS: Node and bundlers hand its exports as `default`; a host that does not gets the namespace.
    (module) => (module as { default?: Forge }).default ?? (module as unknown as Forge),
    (error: unknown) => {
      forgeLoading = undefined;
      throw error;
    },
  );
  return forgeLoading;
}

/** RSA through WebCrypto (RSA1_5 key wrapping is delegated to node-forge). */
export function webCryptoEngine(subtle: SubtleCrypto): RsaEngine {
  const signKeys = boundedCache<ImportedKey>();
  const wrapKeys = boundedCache<ImportedKey>();
  // The verified server key is one Uint8Array for the page's life: look it up by identity first.
  const wrapKeysByArray = new WeakMap<Uint8Array, ImportedKey>();
  const forgeFallback = forgeEngine();
  const sign = async (key: CryptoKey, data: Uint8Array) => new Uint8Array(await subtle.sign('RSASSA-PKCS1-v1_5', key, view(data)));
  const encrypt = async (key: CryptoKey, data: Uint8Array) => new Uint8Array(await subtle.encrypt({ name: 'RSA-OAEP' }, key, view(data)));
  return checkedEngine({
    kind: 'webcrypto',
    async generateKeyPair(bits) {
      const pair = await subtle.generateKey(
        { name: 'RSASSA-PKCS1-v1_5', modulusLength: bits, publicExponent: new Uint8Array([1, 0, 1]), hash: 'SHA-256' },
        true,
        ['sign', 'verify'],
      );
      // Both exports are queued at once rather than one after the other.
      const [spkiBuffer, pkcs8Buffer] = await Promise.all([
        subtle.exportKey('spki', pair.publicKey),
        subtle.exportKey('pkcs8', pair.privateKey),
      ]);
      const spki = new Uint8Array(spkiBuffer);
      const pkcs8 = new Uint8Array(pkcs8Buffer);
      const out = { publicKey: toBase64(spki), privateKeyPem: toPem(PRIVATE_KEY_LABEL, pkcs8) };
      pkcs8.fill(0);
      // The generated private key already signs: the first signature with this pair (initSign) need not import
      // the PEM just made from it.
      signKeys.get(out.privateKeyPem, () => ({ promise: Promise.resolve(pair.privateKey), key: pair.privateKey }));
      return out;
    },
    sign(privateKeyPem, data) {
      const entry = signKeys.get(privateKeyPem, () =>
        importedKey(() =>
          subtle.importKey(
            'pkcs8',
            view(fromPem(PRIVATE_KEY_LABEL, privateKeyPem)),
            { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256' },
            false,
            ['sign'],
          ),
        ),
      );
      return entry.key ? sign(entry.key, data) : entry.promise.then((key) => sign(key, data));
    },
    wrapKey(spkiDer, key, algorithm) {
      if (algorithm === 'RSA1_5') return forgeFallback.wrapKey(spkiDer, key, algorithm);
      let entry = wrapKeysByArray.get(spkiDer);
      if (!entry) {
        entry = wrapKeys.get(toBase64(spkiDer), () =>
          importedKey(() => subtle.importKey('spki', view(spkiDer), { name: 'RSA-OAEP', hash: 'SHA-256' }, false, ['encrypt'])),
        );
        wrapKeysByArray.set(spkiDer, entry);
      }
      if (entry.key) return encrypt(entry.key, key);
      // A first call waits for the import: keep its own copy of the key (the caller may zero it meanwhile,
      // WebCrypto copies it only when called) and zero that copy afterwards.
      const copy = key.slice();
      return entry.promise.then((imported) => encrypt(imported, copy)).finally(() => copy.fill(0));
    },
  });
}

/** The SPKI DER of a forge public key. */
function spkiOf(forge: Forge, publicKey: forgeModule.pki.rsa.PublicKey): Uint8Array {
  return fromBinaryString(forge.asn1.toDer(forge.pki.publicKeyToAsn1(publicKey)).getBytes());
}

/** The forge public key inside SPKI DER bytes. */
function forgePublicKeyFromSpki(forge: Forge, spkiDer: Uint8Array): forgeModule.pki.rsa.PublicKey {
  return forge.pki.publicKeyFromAsn1(forge.asn1.fromDer(toBinaryString(spkiDer))) as forgeModule.pki.rsa.PublicKey;
}

/**
 * Whether an RSASSA-PKCS1-v1_5 SHA-256 signature over `data` verifies with the SPKI key, through node-forge
 * (loaded on demand): the path for hosts without WebCrypto. False on any malformed key or signature.
 */
export async function forgeVerifySha256(spkiDer: Uint8Array, data: Uint8Array, signature: Uint8Array): Promise<boolean> {
  const forge = await loadForge();
  try {
    const md = forge.md.sha256.create();
    md.update(toBinaryString(data));
    return forgePublicKeyFromSpki(forge, spkiDer).verify(md.digest().getBytes(), toBinaryString(signature));
  } catch {
    return false;
  }
}

/**
 * RSA through node-forge (imported on first use). In Node, forge quietly uses native crypto unless
 * `forge.options.usePureJavaScript` is set; in a browser it is pure JavaScript.
 */
export function forgeEngine(): RsaEngine {
  const signKeys = boundedCache<forgeModule.pki.rsa.PrivateKey>();
  const wrapKeys = boundedCache<forgeModule.pki.rsa.PublicKey>();
  return checkedEngine({
    kind: 'forge',
    async generateKeyPair(bits) {
      const forge = await loadForge();
      return new Promise((resolve, reject) => {
        forge.pki.rsa.generateKeyPair({ bits, e: PUBLIC_EXPONENT }, (error, pair) => {
          if (error) {
            reject(error);
            return;
          }
          const info = forge.pki.wrapRsaPrivateKey(forge.pki.privateKeyToAsn1(pair.privateKey));
          const pkcs8 = fromBinaryString(forge.asn1.toDer(info).getBytes());
          resolve({ publicKey: toBase64(spkiOf(forge, pair.publicKey)), privateKeyPem: toPem(PRIVATE_KEY_LABEL, pkcs8) });
          pkcs8.fill(0);
        });
      });
    },
    async sign(privateKeyPem, data) {
      // Read the data before the first await, as WebCrypto does: the caller may reuse its buffer.
      const binary = toBinaryString(data);
      const forge = await loadForge();
      const key = signKeys.get(privateKeyPem, () => forge.pki.privateKeyFromPem(privateKeyPem));
      const md = forge.md.sha256.create();
      md.update(binary);
      return fromBinaryString(key.sign(md));
    },
    async wrapKey(spkiDer, key, algorithm) {
      // The caller may zero `key` once this returns its promise: copy it before the first await.
      const binary = toBinaryString(key);
      const forge = await loadForge();
      const publicKey = wrapKeys.get(toBase64(spkiDer), () => forgePublicKeyFromSpki(forge, spkiDer));
      const wrapped =
        algorithm === 'RSA1_5'
          ? publicKey.encrypt(binary, 'RSAES-PKCS1-V1_5')
          : publicKey.encrypt(binary, 'RSA-OAEP', { md: forge.md.sha256.create(), mgf1: { md: forge.md.sha256.create() } });
      return fromBinaryString(wrapped);
    },
  });
}

/** Which engine to use: 'auto' picks WebCrypto when the platform has it. */
export type RsaEnginePreference = 'auto' | 'webcrypto' | 'forge';

/** The RSA engine for a host: WebCrypto where present (unless forge is asked for), else node-forge. */
export function selectRsaEngine(subtle: SubtleCrypto | undefined, preference: RsaEnginePreference = 'auto'): RsaEngine {
  if (preference !== 'forge' && subtle) return webCryptoEngine(subtle);
  return forgeEngine();
}
