// Security figures: RSA key generation (WebCrypto and pure-JS node-forge), login encryption per call and
// core-call signing per call. Goals: login encryption and signing within 1.10× the
// bare WebCrypto calls they make, in the same run; node:crypto (OpenSSL) doing the same work is the reference.
import {
  constants,
  createCipheriv,
  createHash,
  generateKeyPair,
  createPrivateKey,
  createPublicKey,
  publicEncrypt,
  randomBytes,
  sign,
} from 'node:crypto';
import { promisify } from 'node:util';
import forge from 'node-forge';
import type { Bench, Figure } from './harness.js';
import { builtModule, median, timeMs } from './harness.js';
import type { CoreCallParts, RsaEngine } from '../core/security/index.js';
import type * as Core from '../core/index.js';

const { encryptLoginParams, forgeEngine, signCoreCall, webCryptoEngine } = await builtModule<typeof Core>('core/index.js');

const generate = promisify(generateKeyPair);
const forgeOptions = (forge as unknown as { options: { usePureJavaScript: boolean } }).options;
const random = (n: number) => globalThis.crypto.getRandomValues(new Uint8Array(n));

async function pureForge<T>(run: () => Promise<T>): Promise<T> {
  const previous = forgeOptions.usePureJavaScript;
  forgeOptions.usePureJavaScript = true;
  try {
    return await run();
  } finally {
    forgeOptions.usePureJavaScript = previous;
  }
}

const ratioGoal = (median: number, baseline: number, factor = 1.5) => median <= baseline * factor;

/**
 * Median ms per call of a candidate and its baseline, sampled alternately so that load from other
 * processes during the run falls on both alike.
 */
async function paired(candidate: () => unknown, baseline: () => unknown, options: { samples: number; batch: number; warmup?: number }) {
  const time = async (fn: () => unknown) => {
    const start = performance.now();
    for (let j = 0; j < options.batch; j++) await fn();
    return (performance.now() - start) / options.batch;
  };
  const ours: number[] = [];
  const theirs: number[] = [];
  for (let i = 0; i < (options.warmup ?? 3) + options.samples; i++) {
    const a = await time(candidate);
    const b = await time(baseline);
    if (i >= (options.warmup ?? 3)) {
      ours.push(a);
      theirs.push(b);
    }
  }
  return { candidate: median(ours), baseline: median(theirs) };
}

const bench: Bench = {
  area: 'security',
  async run() {
    const figures: Figure[] = [];
    const webcrypto = webCryptoEngine(globalThis.crypto.subtle);
    const forgeJs = forgeEngine();

    // RSA key generation: random prime search makes single samples noisy, so several samples each.
    for (const bits of [1024, 2048]) {
      const opts = { samples: bits === 1024 ? 21 : 15, warmup: 1 };
      const { candidate: web, baseline } = await paired(
        () => webcrypto.generateKeyPair(bits),
        () => generate('rsa', { modulusLength: bits }),
        { ...opts, batch: 1 },
      );
      const pure = await pureForge(() => timeMs(() => forgeJs.generateKeyPair(bits), { samples: bits === 1024 ? 5 : 3, warmup: 0 }));
      const base = { name: `node:crypto generateKeyPair rsa ${bits}`, median: baseline };
      figures.push({
        name: `RSA-${bits} key pair, WebCrypto`,
        median: web,
        unit: 'ms',
        baseline: base,
        goal: '≤ 1.5× node:crypto',
        met: ratioGoal(web, baseline),
      });
      figures.push({
        name: `RSA-${bits} key pair, node-forge pure JS`,
        median: pure,
        unit: 'ms',
        baseline: base,
        goal: 'reference (browser without WebCrypto)',
      });
    }

    // Login encryption per call: AES-256-CBC of the sensitive fields + RSA-OAEP-256 key wrap (initSign cached).
    const server = createPrivateKey(
      (
        await generate('rsa', {
          modulusLength: 2048,
          privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
          publicKeyEncoding: { type: 'spki', format: 'pem' },
        })
      ).privateKey,
    );
    const serverDer = new Uint8Array(createPublicKey(server).export({ type: 'spki', format: 'der' }));
    const serverPublic = createPublicKey(server);
    const client = await webcrypto.generateKeyPair(1024);
    const fields = {
      loginName: 'alice@example.com',
      pwd: 'correct horse battery staple',
      googleCode: '123456',
      lang: 'en',
      deviceName: 'bench',
    };
    const initSign = 'cached';
    const loginWith = (engine: RsaEngine, algorithm: 'RSA-OAEP-256' | 'RSA1_5') => () =>
      encryptLoginParams(fields, { engine, serverKeyDer: serverDer, clientKey: client, algorithm, randomBytes: random, initSign });
    const loginNode = () => {
      const key = randomBytes(32);
      const iv = randomBytes(16);
      const cipher = createCipheriv('aes-256-cbc', key, iv);
      const ct = Buffer.concat([
        cipher.update(JSON.stringify({ loginName: fields.loginName, pwd: fields.pwd, googleCode: fields.googleCode })),
        cipher.final(),
      ]);
      const wk = publicEncrypt({ key: serverPublic, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, key);
      return `${wk.toString('base64')}.${iv.toString('base64')}.${ct.toString('base64')}`;
    };
    const { candidate: loginWeb, baseline: loginBaseline } = await paired(loginWith(webcrypto, 'RSA-OAEP-256'), loginNode, {
      samples: 31,
      batch: 20,
    });
    const loginForge = await pureForge(() => timeMs(loginWith(forgeJs, 'RSA-OAEP-256'), { samples: 15, batch: 5 }));
    const loginBase = { name: 'node:crypto AES-256-CBC + RSA-OAEP-256 wrap', median: loginBaseline * 1000 };
    figures.push({
      name: 'login encryption per call, WebCrypto OAEP-256',
      median: loginWeb * 1000,
      unit: 'µs',
      baseline: loginBase,
      goal: 'reference (node:crypto)',
    });
    // The same call against bare WebCrypto (the async API our engine uses): what our own code adds.
    const subtle = globalThis.crypto.subtle;
    const oaepKey = await subtle.importKey('spki', serverDer, { name: 'RSA-OAEP', hash: 'SHA-256' }, false, ['encrypt']);
    const bareLogin = async () => {
      const key = randomBytes(32);
      const iv = randomBytes(16);
      const cipher = createCipheriv('aes-256-cbc', key, iv);
      const ct = Buffer.concat([
        cipher.update(JSON.stringify({ loginName: fields.loginName, pwd: fields.pwd, googleCode: fields.googleCode })),
        cipher.final(),
      ]);
      const wk = Buffer.from(await subtle.encrypt({ name: 'RSA-OAEP' }, oaepKey, key));
      return `${wk.toString('base64')}.${iv.toString('base64')}.${ct.toString('base64')}`;
    };
    const vsBare = await paired(loginWith(webcrypto, 'RSA-OAEP-256'), bareLogin, { samples: 31, batch: 20 });
    figures.push({
      name: 'login encryption per call, WebCrypto OAEP-256 (vs bare WebCrypto)',
      median: vsBare.candidate * 1000,
      unit: 'µs',
      baseline: { name: 'node:crypto AES + bare subtle.encrypt', median: vsBare.baseline * 1000 },
      goal: '≤ 1.10× bare WebCrypto',
      met: ratioGoal(vsBare.candidate, vsBare.baseline, 1.1),
    });
    figures.push({
      name: 'login encryption per call, node-forge pure JS OAEP-256',
      median: loginForge * 1000,
      unit: 'µs',
      baseline: loginBase,
      goal: 'reference',
    });

    // Core-call signing per call: MD5 of the body, the signed text, RSASSA-PKCS1-v1_5 SHA-256.
    const body = new TextEncoder().encode(
      JSON.stringify({ symbol: 'BTCUSDT', side: 'buy', price: '67000.5', amount: '0.0125', clientOid: 'x'.repeat(32) }),
    );
    const parts: CoreCallParts = {
      path: '/v1/spot/order/place',
      tm: '1700000000123',
      traceId: 'c0ffee00c0ffee00c0ffee00c0ffee00',
      mode: 2,
      query: 'languageType=0&_t=1700000000000',
      body,
    };
    for (const bits of [1024, 2048]) {
      const pair = bits === 1024 ? client : await webcrypto.generateKeyPair(2048);
      const nodeKey = createPrivateKey(pair.privateKeyPem);
      const nodeSign = () => {
        const md5 = createHash('md5')
          .update(Buffer.concat([Buffer.from(`${parts.query}\n`), Buffer.from(body)]))
          .digest('hex');
        const text = `${parts.path}\n${parts.tm.slice(0, 8)}\n${parts.traceId}\n2\n${md5}`;
        return sign('sha256', Buffer.from(text), nodeKey).toString('base64');
      };
      await signCoreCall(webcrypto, pair, parts); // imports and caches the key
      const { candidate: web, baseline } = await paired(() => signCoreCall(webcrypto, pair, parts), nodeSign, { samples: 31, batch: 20 });
      const pure = await pureForge(async () => {
        await signCoreCall(forgeJs, pair, parts);
        return timeMs(() => signCoreCall(forgeJs, pair, parts), { samples: 15, batch: 3 });
      });
      const base = { name: `node:crypto MD5 + RSA-${bits} SHA-256 sign`, median: baseline * 1000 };
      figures.push({
        name: `core-call signing RSA-${bits}, WebCrypto`,
        median: web * 1000,
        unit: 'µs',
        baseline: base,
        goal: 'reference (node:crypto)',
      });
      const subtleKey = await subtle.importKey(
        'pkcs8',
        createPrivateKey(pair.privateKeyPem).export({ type: 'pkcs8', format: 'der' }),
        { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256' },
        false,
        ['sign'],
      );
      const bareSign = async () => {
        const md5 = createHash('md5')
          .update(Buffer.concat([Buffer.from(`${parts.query}\n`), Buffer.from(body)]))
          .digest('hex');
        const text = `${parts.path}\n${parts.tm.slice(0, 8)}\n${parts.traceId}\n2\n${md5}`;
        return Buffer.from(await subtle.sign('RSASSA-PKCS1-v1_5', subtleKey, Buffer.from(text))).toString('base64');
      };
      const signVsBare = await paired(() => signCoreCall(webcrypto, pair, parts), bareSign, { samples: 31, batch: 20 });
      figures.push({
        name: `core-call signing RSA-${bits}, WebCrypto (vs bare WebCrypto)`,
        median: signVsBare.candidate * 1000,
        unit: 'µs',
        baseline: { name: 'node:crypto MD5 + bare subtle.sign', median: signVsBare.baseline * 1000 },
        goal: '≤ 1.10× bare WebCrypto',
        met: ratioGoal(signVsBare.candidate, signVsBare.baseline, 1.1),
      });
      figures.push({
        name: `core-call signing RSA-${bits}, node-forge pure JS`,
        median: pure * 1000,
        unit: 'µs',
        baseline: base,
        goal: 'reference',
      });
    }
    return figures;
  },
};

export default bench;
