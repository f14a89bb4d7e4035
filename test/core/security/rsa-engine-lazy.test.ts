// node-forge is imported on first use (issue 22). A failed import (in a page: the lazy chunk lost to a
// network error) rejects that call only, and the next call imports again instead of failing for good.
import { createPublicKey, verify } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';

afterEach(() => {
  vi.doUnmock('node-forge');
  vi.resetModules();
});

describe('node-forge loaded on demand', () => {
  it('a failed import rejects the call (never a synchronous throw) and the next call retries and signs', async () => {
    let failures = 1;
    vi.resetModules();
    vi.doMock('node-forge', async (importOriginal) => {
      if (failures-- > 0) throw new Error('chunk load failed');
      return importOriginal();
    });
    const { forgeEngine, webCryptoEngine } = await import('../../../core/security/rsa-engine.js');
    const pair = await webCryptoEngine(globalThis.crypto.subtle).generateKeyPair(1024);
    const engine = forgeEngine();
    const data = new TextEncoder().encode('signed text');
    let first: Promise<Uint8Array> | undefined;
    expect(() => {
      first = engine.sign(pair.privateKeyPem, data);
    }).not.toThrow();
    // Vitest wraps the factory's error; what matters is that this call rejects and the next one recovers.
    await expect(first).rejects.toBeInstanceOf(Error);
    expect(failures).toBe(0);
    const signature = await engine.sign(pair.privateKeyPem, data);
    const publicKey = createPublicKey({ key: Buffer.from(pair.publicKey, 'base64'), format: 'der', type: 'spki' });
    expect(verify('sha256', data, publicKey, signature)).toBe(true);
  });
});
