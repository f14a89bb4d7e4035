// node-forge is only the fallback (issue 22): with WebCrypto present, importing the built package, verifying
// the server key and signing-init's key work never load it; the RSA1_5 key wrap (which WebCrypto cannot do)
// does. Runs in a fresh Node process against dist/, reading forge's presence from the CommonJS cache.
import { execFile } from 'node:child_process';
import { createPrivateKey } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { signServerKey, spkiDer } from '../../examples/gateway/protocol.js';
import { SIGNING_CERT, fixture } from '../core/security/helpers.js';

const root = resolve(import.meta.dirname, '../..');
const run = promisify(execFile);

const PROBE = `
import { createRequire } from 'node:module';
const forgeLoaded = () => Object.keys(createRequire(import.meta.url).cache).some((file) => file.includes('/node_modules/node-forge/'));
const { certificatePem, serverPublicKey, serverPublicKeySign } = JSON.parse(process.env.PROBE_INPUT);
const exkit = await import('exkit');
const steps = { afterImport: forgeLoaded() };
const key = await exkit.verifyServerPublicKey(exkit.parseSignConfig({ clientOpen: true, serverPublicKey, serverPublicKeySign }), certificatePem);
const engine = exkit.selectRsaEngine(globalThis.crypto.subtle);
const pair = await engine.generateKeyPair(1024);
await engine.sign(pair.privateKeyPem, new Uint8Array([1, 2, 3]));
await engine.wrapKey(key.der, new Uint8Array(32), 'RSA-OAEP-256');
steps.afterWebCryptoWork = forgeLoaded();
await engine.wrapKey(key.der, new Uint8Array(32), 'RSA1_5');
steps.afterRsa1_5 = forgeLoaded();
console.log(JSON.stringify({ engine: engine.kind, ...steps }));
`;

describe('node-forge loads on demand only', () => {
  it('import, server key verification, key generation, signing and the OAEP wrap leave it unloaded; the RSA1_5 wrap loads it', async () => {
    if (!existsSync(join(root, 'dist/node/index.js'))) throw new Error('dist/ is missing: run `npm run build` first');
    const serverDer = spkiDer(createPrivateKey(fixture('server.key')));
    const input = {
      certificatePem: SIGNING_CERT,
      serverPublicKey: serverDer.toString('base64'),
      serverPublicKeySign: signServerKey(serverDer, createPrivateKey(fixture('signing.key'))),
    };
    const { stdout } = await run(process.execPath, ['--input-type=module', '-e', PROBE], {
      cwd: root,
      timeout: 30_000,
      env: { ...process.env, PROBE_INPUT: JSON.stringify(input) },
    });
    expect(JSON.parse(stdout)).toEqual({ engine: 'webcrypto', afterImport: false, afterWebCryptoWork: false, afterRsa1_5: true });
  }, 40_000);
});
