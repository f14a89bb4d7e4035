import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { NETWORK_ERROR_CODE, RESULT_CODES, isResultCode } from '../../../core/catalog/index.js';
import type { ResultCodeName } from '../../../core/catalog/index.js';
import { InvalidArgumentError } from '../../../core/errors/index.js';
import { inputClasses } from '../../support/input-classes.js';

describe('result codes (spec §B8, §S8)', () => {
  it.each([
    ['success', '00000'],
    ['timeout', ['00004', '110100']],
    ['tokenMissing', '00005'],
    ['illegalToken', '22001'],
    ['genericError', '1'],
    ['webTimeout', '401'],
    ['httpSuccess', 0],
    ['captchaSuccess', '00000'],
    ['httpError', 1],
    ['httpTimeout', 401],
    ['loginExpired', ['20906', '20205']],
    ['messageCodes', ['00004', '00005', '00006']],
    ['signMissing', '00020'],
    ['signModeNotMatched', '00021'],
    ['signExpired', '00022'],
    ['signInvalid', '00023'],
  ] as const)('%s is %j', (name, code) => {
    expect(RESULT_CODES[name]).toEqual(code);
  });

  it('names every code the seeds give and nothing else', () => {
    expect(Object.keys(RESULT_CODES)).toHaveLength(16);
  });

  it('a response code of -1 is the network-error code', () => {
    expect(NETWORK_ERROR_CODE).toBe(-1);
  });

  it.each([
    ['00000', 'success', true],
    ['00004', 'timeout', true],
    ['110100', 'timeout', true],
    ['00005', 'timeout', false],
    [20906, 'loginExpired', true],
    ['20205', 'loginExpired', true],
    ['00006', 'messageCodes', true],
    [0, 'httpSuccess', true],
    ['0', 'httpSuccess', true],
    [0, 'success', false],
    [1, 'genericError', true],
    [401, 'webTimeout', true],
    [null, 'success', false],
    [undefined, 'httpSuccess', false],
  ] as const)('isResultCode(%j, %s) is %s', (code, name: ResultCodeName, expected) => {
    expect(isResultCode(code, name)).toBe(expected);
  });

  it("a code matches a name exactly when its text equals the text of one of the name's codes, for any code", () => {
    const names = Object.keys(RESULT_CODES) as ResultCodeName[];
    const listed = names.flatMap((name) => ([] as (string | number)[]).concat(RESULT_CODES[name]));
    // The listed codes as written, as text, and as numbers (a gateway that sends 20906 for '20906').
    const asNumbers = listed.map(Number).filter((n) => Number.isInteger(n));
    const codes = fc.oneof(
      fc.constantFrom(...listed),
      fc.constantFrom(...listed.map(String)),
      fc.constantFrom(...asNumbers),
      fc.string(),
      fc.integer(),
      fc.double(),
    );
    const listedTexts = new Set(listed.map(String));
    const drawn = inputClasses<{ code: unknown; matches: boolean }>({
      "one of the name's codes, as written": ({ code, matches }) => matches && listed.includes(code as string | number),
      "one of the name's codes, as the other type": ({ code, matches }) => matches && !listed.includes(code as string | number),
      "another name's code": ({ code, matches }) => !matches && listedTexts.has(String(code)),
      'no listed code': ({ code }) => !listedTexts.has(String(code)),
    });
    // A name and, as often as not, one of its own codes in some form.
    const ownCode = (name: ResultCodeName) => {
      const own = ([] as (string | number)[]).concat(RESULT_CODES[name]);
      const forms = [...own, ...own.map(String), ...own.map(Number).filter((n) => Number.isInteger(n))];
      return fc.constantFrom(...forms);
    };
    const pair = fc.constantFrom(...names).chain((name) => fc.tuple(fc.oneof(ownCode(name), codes), fc.constant(name)));
    fc.assert(
      fc.property(pair, ([code, name]) => {
        const texts = ([] as (string | number)[]).concat(RESULT_CODES[name]).map(String);
        drawn.see({ code, matches: texts.includes(String(code)) });
        expect(isResultCode(code, name)).toBe(texts.includes(String(code)));
      }),
      { numRuns: 1000 },
    );
    drawn.expectEachDrawn(2);
  });
});

describe('isResultCode refuses what is no result code, and matches only a string or number code', () => {
  it('an unknown name, or one that is no string, is an InvalidArgumentError naming the name', () => {
    for (const name of ['nope', 'toString', 5, undefined]) {
      const call = () => isResultCode('00000', name as ResultCodeName);
      expect(call).toThrow(InvalidArgumentError);
      expect(call).toThrow(/^isResultCode: name must be a result code name/);
      expect(call).toThrow(expect.objectContaining({ code: 'INVALID_ARGUMENT', extra: { field: 'name', value: name } }));
    }
  });

  it('an array or object whose text equals a code is not that code', () => {
    expect(isResultCode(['00000'], 'success')).toBe(false);
    expect(isResultCode({ toString: () => '00000' }, 'success')).toBe(false);
    expect(isResultCode([0], 'httpSuccess')).toBe(false);
  });
});
