// The defects issue 18 names, each pinned to the typed error (or result) that replaced the raw one.
import { describe, expect, it, vi } from 'vitest';
import {
  FuturesInputError,
  InvalidArgumentError,
  browserPlatform,
  compareVersions,
  createStore,
  formatAmount,
  fromPem,
  isExkitError,
  memoryPlatform,
  openSafeLink,
  preparePosition,
  sanitizeAmount,
  silentContentLogger,
  toPem,
  unrealizedPnl,
} from '../../core/index.js';
import { describeValue } from '../../core/validate/describe-value.js';
import { hostileValues, thrown } from './hostile-arguments.js';

describe('named defects of issue 18', () => {
  it('browserPlatform() outside a browser names the missing window instead of "window is not defined"', () => {
    const error = thrown(() => browserPlatform());
    expect(error).toBeInstanceOf(InvalidArgumentError);
    expect((error as InvalidArgumentError).extra).toMatchObject({ field: 'window' });
    expect((error as InvalidArgumentError).message).toMatch(/^browserPlatform: window must be a browser window .*headlessPlatform/);
  });

  it('openSafeLink with a non-string href blocks it (false, logged) instead of failing on href.trim', () => {
    const platform = memoryPlatform();
    const assign = vi.spyOn(platform.location, 'assign');
    const logger = { ...silentContentLogger, warn: vi.fn() };
    expect(openSafeLink(platform, Number.NaN as unknown as string, { logger })).toBe(false);
    expect(logger.warn).toHaveBeenCalledTimes(1);
    expect(assign).not.toHaveBeenCalled();
  });

  it('futures functions refuse an unreadable position with FuturesInputError naming it, not a TypeError', () => {
    const missing = thrown(() => preparePosition(null as never));
    expect(missing).toBeInstanceOf(FuturesInputError);
    expect(missing).toMatchObject({ field: 'input', problem: 'missing' });
    const revoked = Proxy.revocable({}, {});
    revoked.revoke();
    expect(thrown(() => unrealizedPnl(revoked.proxy as never, '1'))).toMatchObject({ field: 'input', problem: 'not-an-object' });
  });

  it('a Proxy given as an amount is a FuturesInputError, not a raw error from decimal.js', () => {
    const proxy = new Proxy(
      {},
      {
        getPrototypeOf: () => {
          throw new Error('trap');
        },
      },
    );
    expect(thrown(() => formatAmount(proxy as never))).toMatchObject({ name: 'FuturesInputError', field: 'value', problem: 'not-numeric' });
  });

  it('validators describe a BigInt or a Symbol in their message instead of throwing while building it', () => {
    expect((thrown(() => compareVersions(10n as never, '1')) as Error).message).toBe('Not a dotted numeric version: 10n');
    expect((thrown(() => sanitizeAmount('1', Symbol('s') as never)) as Error).message).toBe(
      'fractionDigits must be a non-negative integer, got a symbol',
    );
  });

  it('a platform without the port a function needs is named, port and all', () => {
    const error = thrown(() => createStore({ ...memoryPlatform(), localStorage: undefined } as never, 'common'));
    expect(isExkitError(error, 'InvalidArgumentError')).toBe(true);
    expect((error as InvalidArgumentError).message).toBe('createStore: platform.localStorage must be an object, got undefined');
  });

  it('describeValue names every hostile value without throwing', () => {
    for (const [label, value] of hostileValues()) expect(typeof describeValue(value), label).toBe('string');
    expect(describeValue('x'.repeat(1 << 20))).toMatch(/…" \(1048576 characters\)$/);
  });
});

describe('fromPem reads its label as text, never as a pattern (issue 18: "puts its label unescaped into a RegExp")', () => {
  const der = new Uint8Array([48, 3, 2, 1, 5]);

  it('a label RFC 7468 does not allow is refused with InvalidArgumentError naming it', () => {
    for (const label of ['', ' KEY', 'KEY-', 'A  B', 'KEY\n', 'CL\u00c9', 'A--B']) {
      let error: unknown;
      try {
        fromPem(label, toPem('PUBLIC KEY', der));
      } catch (e) {
        error = e;
      }
      expect(error, label).toBeInstanceOf(InvalidArgumentError);
      expect((error as InvalidArgumentError).extra).toMatchObject({ field: 'label', value: label });
    }
  });

  it('RFC 7468 labels round-trip, including ones with characters a pattern would read (X.509 CRL, +)', () => {
    for (const label of ['PUBLIC KEY', 'RSA PRIVATE KEY', 'X509 CRL', 'ATTRIBUTE CERTIFICATE', 'A+B', 'SOME.LABEL', '(a+)+$', '[x]*']) {
      expect(fromPem(label, toPem(label, der))).toEqual(der);
    }
    // A label that would match as a pattern does not: 'A+B' is not 'AAB', '(a+)+$' not 'aa'.
    expect(() => fromPem('A+B', toPem('AAB', der))).toThrow(InvalidArgumentError);
    expect(() => fromPem('(a+)+$', toPem('aa', der))).toThrow(expect.objectContaining({ extra: { field: 'pem' } }) as unknown as Error);
  });
});
