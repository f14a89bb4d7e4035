// isExkitError recognises an exkit error from a second copy of the package (issue 23): the same source
// compiled again and run in another realm, as a second version in a bundle or an iframe would make it.
import { buildSync } from 'esbuild';
import { resolve } from 'node:path';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { ExkitError, InvalidArgumentError, isExkitError } from '../../../core/errors/index.js';
import type * as ExkitErrorModule from '../../../core/errors/exkit-error.js';

type ErrorsModule = typeof ExkitErrorModule;

/** A fresh copy of core/errors/exkit-error.ts, bundled on its own and evaluated in a new vm context. */
function secondCopy(): ErrorsModule {
  const built = buildSync({
    entryPoints: [resolve(import.meta.dirname, '../../../core/errors/exkit-error.ts')],
    bundle: true,
    format: 'cjs',
    platform: 'neutral',
    write: false,
  });
  const module = { exports: {} as ErrorsModule };
  runInNewContext(built.outputFiles[0]!.text, { module, exports: module.exports });
  return module.exports;
}

describe('isExkitError', () => {
  const copy = secondCopy();

  it('an error of a second copy in another realm is not instanceof ours, yet isExkitError accepts it', () => {
    const foreign = new copy.InvalidArgumentError('amount must be a string', { field: 'amount' });
    expect(foreign instanceof ExkitError).toBe(false);
    expect(foreign instanceof Error).toBe(false);
    expect(isExkitError(foreign)).toBe(true);
    expect(isExkitError(foreign, 'InvalidArgumentError')).toBe(true);
    expect(isExkitError(foreign, 'HttpStatusError')).toBe(false);
    expect(copy.isExkitError(new InvalidArgumentError('x'))).toBe(true);
  });

  it('the mark stays off the error object itself: not in its own keys and not in its JSON', () => {
    const error = new InvalidArgumentError('bad', { field: 'f' });
    expect(Object.getOwnPropertySymbols(error)).toEqual([]);
    expect(JSON.parse(JSON.stringify(error))).toEqual({
      name: 'InvalidArgumentError',
      code: 'INVALID_ARGUMENT',
      msg: 'bad',
      extra: { field: 'f' },
    });
  });

  it('a look-alike with the name and code but without the mark is not an exkit error', () => {
    const lookAlike = Object.assign(new Error('bad'), { name: 'ExkitError', code: 'INVALID_ARGUMENT', msg: 'bad' });
    expect(isExkitError(lookAlike)).toBe(false);
    expect(isExkitError({ name: 'InvalidArgumentError', code: 'INVALID_ARGUMENT' }, 'InvalidArgumentError')).toBe(false);
  });

  it('values that cannot be inspected are not exkit errors, and asking never throws', () => {
    const { proxy, revoke } = Proxy.revocable({}, {});
    revoke();
    const hostile = new Proxy(
      {},
      {
        get() {
          throw new Error('get trap');
        },
        getPrototypeOf() {
          throw new Error('prototype trap');
        },
      },
    );
    for (const value of [proxy, hostile, null, undefined, 'ExkitError', 42]) expect(isExkitError(value)).toBe(false);
  });
});
