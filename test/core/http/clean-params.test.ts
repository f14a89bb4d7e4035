// "Request params: strings trimmed; dates formatted YYYY-MM-DD HH:mm" (seed 001 §5).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cleanParamValue, cleanParams, formatParamDate } from '../../../core/http/index.js';

const pad = (n: number) => String(n).padStart(2, '0');

describe('formatParamDate', () => {
  it('writes YYYY-MM-DD HH:mm in UTC when asked', () => {
    expect(formatParamDate(new Date(Date.UTC(2026, 0, 2, 3, 4, 59, 999)), 'utc')).toBe('2026-01-02 03:04');
    expect(formatParamDate(new Date(Date.UTC(999, 11, 31, 23, 59)), 'utc')).toBe('0999-12-31 23:59');
  });

  it("writes the host's wall time by default (the time the user picked)", () => {
    const date = new Date(2026, 6, 8, 9, 10);
    expect(formatParamDate(date)).toBe('2026-07-08 09:10');
    const other = new Date(Date.UTC(2026, 0, 1, 0, 0));
    const expected = `${other.getFullYear()}-${pad(other.getMonth() + 1)}-${pad(other.getDate())} ${pad(other.getHours())}:${pad(other.getMinutes())}`;
    expect(formatParamDate(other, 'local')).toBe(expected);
  });

  it('refuses an Invalid Date with a typed error', () => {
    expect(() => formatParamDate(new Date(Number.NaN))).toThrow(expect.objectContaining({ name: 'InvalidArgumentError' }));
  });
});

describe('cleanParams', () => {
  it('trims strings and formats dates at every depth, dropping undefined entries', () => {
    const params = {
      name: '  alice ',
      at: new Date(Date.UTC(2026, 4, 6, 7, 8)),
      nested: { note: '\t hi \n', when: new Date(Date.UTC(2020, 0, 1, 12, 30)), gone: undefined },
      list: [' a ', { b: ' b ' }, [new Date(Date.UTC(2021, 1, 2, 3, 4))]],
      count: 3,
      flag: false,
      empty: null,
      skip: undefined,
    };
    expect(cleanParams(params, { timeZone: 'utc' })).toEqual({
      name: 'alice',
      at: '2026-05-06 07:08',
      nested: { note: 'hi', when: '2020-01-01 12:30' },
      list: ['a', { b: 'b' }, ['2021-02-02 03:04']],
      count: 3,
      flag: false,
      empty: null,
    });
  });

  it("never changes the caller's object", () => {
    const inner = { s: ' x ' };
    const params = Object.freeze({ s: ' y ', inner: Object.freeze(inner), list: Object.freeze([' z ']) });
    const out = cleanParams(params);
    expect(params).toEqual({ s: ' y ', inner: { s: ' x ' }, list: [' z '] });
    expect(out.inner).not.toBe(inner);
  });

  it('passes non-plain objects (Blob, Decimal-like, Map) through untouched', () => {
    const blob = new Blob(['1']);
    class Amount {
      toString() {
        return '1.50';
      }
    }
    const amount = new Amount();
    const map = new Map([[' k ', ' v ']]);
    const out = cleanParams({ blob, amount, map });
    expect(out.blob).toBe(blob);
    expect(out.amount).toBe(amount);
    expect(out.map).toBe(map);
  });

  it('refuses cyclic params with a typed error naming the field, and accepts shared (non-cyclic) references', () => {
    const loop: Record<string, unknown> = { a: 1 };
    loop.self = loop;
    expect(() => cleanParams({ outer: loop })).toThrow(expect.objectContaining({ name: 'InvalidArgumentError', extra: { field: 'outer.self' } }));
    const shared = { v: ' s ' };
    expect(cleanParams({ a: shared, b: shared })).toEqual({ a: { v: 's' }, b: { v: 's' } });
  });

  it('cleanParamValue cleans a single value the same way', () => {
    expect(cleanParamValue(' x ')).toBe('x');
    expect(cleanParamValue([new Date(Date.UTC(2026, 0, 1))], { timeZone: 'utc' })).toEqual(['2026-01-01 00:00']);
    expect(cleanParamValue(7)).toBe(7);
  });

  const jsonLike = fc.letrec((tie) => ({
    value: fc.oneof(
      { depthSize: 'small' },
      fc.string(),
      fc.integer(),
      fc.boolean(),
      fc.constant(null),
      fc.date({ noInvalidDate: true }),
      fc.array(tie('value'), { maxLength: 4 }),
      fc.dictionary(fc.string({ maxLength: 6 }), tie('value'), { maxKeys: 4 }),
    ),
  })).value;

  function strings(value: unknown): string[] {
    if (typeof value === 'string') return [value];
    if (Array.isArray(value)) return value.flatMap(strings);
    if (value && typeof value === 'object') return Object.values(value).flatMap(strings);
    return [];
  }

  it('property: no string in the output has surrounding whitespace, no Date survives, the input is unchanged', () => {
    fc.assert(
      fc.property(fc.dictionary(fc.string({ maxLength: 6 }), jsonLike, { maxKeys: 5 }), (params) => {
        const snapshot = structuredClone(params);
        const out = cleanParams(params, { timeZone: 'utc' });
        expect(params).toEqual(snapshot);
        for (const s of strings(out)) expect(s).toBe(s.trim());
        expect(JSON.stringify(out)).not.toMatch(/\d{4}-\d{2}-\d{2}T/);
      }),
    );
  });

  it('property: cleaning is idempotent', () => {
    fc.assert(
      fc.property(fc.dictionary(fc.string({ maxLength: 6 }), jsonLike, { maxKeys: 5 }), (params) => {
        const once = cleanParams(params, { timeZone: 'utc' });
        expect(cleanParams(once, { timeZone: 'utc' })).toEqual(once);
      }),
    );
  });
});
