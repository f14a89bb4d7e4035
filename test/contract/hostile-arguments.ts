// The hostile values the export contract is checked with (issue 18): each is given alone in one argument
// position while the other positions hold a plausible valid value.
import { types } from 'node:util';

function throwingGetters(): object {
  const out = {};
  for (const key of ['value', 'href', 'id', 'name', 'platform', 'window', 'options', 'type', 'length', 'then']) {
    Object.defineProperty(out, key, {
      enumerable: true,
      get() {
        throw new Error(`getter ${key}`);
      },
    });
  }
  return out;
}

function throwingProxy(): object {
  const everyTrap = new Proxy(
    {},
    {
      get: () => (): never => {
        throw new Error('proxy trap');
      },
    },
  );
  return new Proxy({}, everyTrap);
}

function revokedProxy(): object {
  const { proxy, revoke } = Proxy.revocable({}, {});
  revoke();
  return proxy;
}

/** A fresh table per call: some values (a frozen object) must not be shared between calls that might keep them. */
export function hostileValues(): [label: string, value: unknown][] {
  return [
    ['null', null],
    ['undefined', undefined],
    ['a BigInt', 12345678901234567890n],
    ['a Symbol', Symbol('hostile')],
    ['NaN', Number.NaN],
    ['Infinity', Number.POSITIVE_INFINITY],
    ['-Infinity', Number.NEGATIVE_INFINITY],
    ['-0', -0],
    ['a 1 MiB string', 'x'.repeat(1 << 20)],
    ['an empty string', ''],
    ['an object whose getters throw', throwingGetters()],
    ['a Proxy that throws on every trap', throwingProxy()],
    ['a revoked Proxy', revokedProxy()],
    ['a frozen empty object', Object.freeze({})],
    // eslint-disable-next-line no-sparse-arrays
    ['an array with holes', [1, , 3]],
    ['a function', function hostile(): void {}],
  ];
}

/** What one call did: returned, threw or rejected (with what), and how long it took. */
export interface CallOutcome {
  kind: 'returned' | 'threw' | 'rejected' | 'hung';
  error?: unknown;
  /** The call returned a promise (settled or not). */
  promise: boolean;
  ms: number;
}

const HANG_MS = 1000;

/** Calls `call` and waits (at most 1 s) for a promise it returns. Never treats a returned hostile object as a thenable. */
export async function outcomeOf(call: () => unknown): Promise<CallOutcome> {
  const started = performance.now();
  let result: unknown;
  try {
    result = call();
  } catch (error) {
    return { kind: 'threw', error, promise: false, ms: performance.now() - started };
  }
  if (!types.isPromise(result)) return { kind: 'returned', promise: false, ms: performance.now() - started };
  let timer: ReturnType<typeof setTimeout> | undefined;
  const hung = new Promise<'hung'>((resolve) => {
    timer = setTimeout(() => resolve('hung'), HANG_MS);
  });
  try {
    const settled = await Promise.race([result.then(() => 'settled' as const), hung]);
    return { kind: settled === 'hung' ? 'hung' : 'returned', promise: true, ms: performance.now() - started };
  } catch (error) {
    return { kind: 'rejected', error, promise: true, ms: performance.now() - started };
  } finally {
    clearTimeout(timer);
  }
}

/** What `fn` threw; fails the test when it returned instead. */
export function thrown(fn: () => unknown): unknown {
  try {
    fn();
  } catch (error) {
    return error;
  }
  throw new Error('expected a throw');
}
