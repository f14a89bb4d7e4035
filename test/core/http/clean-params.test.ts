// "Request params: strings trimmed; dates formatted YYYY-MM-DD HH:mm" (spec §S5).
import fc from 'fast-check';
import { inputClasses } from '../../support/input-classes.js';
import { isMainThread } from 'node:worker_threads';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { InvalidArgumentError } from '../../../core/errors/exkit-error.js';
import { assertParamTimeZone, cleanParamValue, cleanParams, formatParamDate, UnknownTimeZoneError } from '../../../core/http/index.js';

describe('formatParamDate', () => {
  it('writes YYYY-MM-DD HH:mm in UTC when asked', () => {
    expect(formatParamDate(new Date(Date.UTC(2026, 0, 2, 3, 4, 59, 999)), 'utc')).toBe('2026-01-02 03:04');
    expect(formatParamDate(new Date(Date.UTC(999, 11, 31, 23, 59)), 'utc')).toBe('0999-12-31 23:59');
  });

  it('pads every field below 10 to two digits and leaves 10 and above as they are', () => {
    expect(formatParamDate(new Date(Date.UTC(2026, 9, 10, 10, 10)), 'utc')).toBe('2026-10-10 10:10');
    expect(formatParamDate(new Date(Date.UTC(2026, 8, 9, 9, 9)), 'utc')).toBe('2026-09-09 09:09');
    expect(formatParamDate(new Date(Date.UTC(2026, 9, 10, 10, 10)), 'Asia/Shanghai')).toBe('2026-10-10 18:10');
  });

  // Date.UTC maps years 0-99 to 1900-1999, so these dates are built with setUTCFullYear.
  const inYear = (year: number) => {
    const date = new Date(Date.UTC(2000, 0, 1, 0, 0));
    date.setUTCFullYear(year);
    return date;
  };

  it.each([
    [0, '0000-01-01 00:00'],
    [7, '0007-01-01 00:00'],
    [9999, '9999-01-01 00:00'],
    [10_000, '10000-01-01 00:00'],
    [-1, '-1-01-01 00:00'],
    [-200_000, '-200000-01-01 00:00'],
  ])('writes the year %i with four digits at least, a year before 1 with its sign: %s', (year, expected) => {
    expect(formatParamDate(inYear(year), 'utc')).toBe(expected);
    expect(formatParamDate(inYear(year), 'UTC')).toBe(expected);
  });

  it('refuses an Invalid Date with a typed error', () => {
    expect(() => formatParamDate(new Date(Number.NaN))).toThrow(expect.objectContaining({ name: 'InvalidArgumentError' }));
    expect(() => formatParamDate(new Date(Number.NaN), 'Asia/Shanghai')).toThrow(expect.objectContaining({ name: 'InvalidArgumentError' }));
    expect(() => formatParamDate(new Date(Number.NaN), 'utc')).toThrow('An Invalid Date cannot be sent as a request param.');
  });

  it.each([
    ['a string', '2026-01-01'],
    ['a number', 0],
    ['an object built on Date.prototype', Object.create(Date.prototype) as Date],
  ])('refuses a date that is %s with InvalidArgumentError naming the date field', (_what, date) => {
    let error: unknown;
    try {
      formatParamDate(date as Date, 'utc');
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(InvalidArgumentError);
    expect((error as InvalidArgumentError).extra).toStrictEqual({ field: 'date', value: date });
    expect((error as InvalidArgumentError).message).toMatch(/^formatParamDate: date must be a Date, got /);
  });

  it('refuses a time zone that is not a string with InvalidArgumentError naming timeZone, in every entry point', () => {
    const cases: [string, () => unknown][] = [
      ['formatParamDate', () => formatParamDate(new Date(0), 8 as unknown as string)],
      ['assertParamTimeZone', () => assertParamTimeZone(8 as unknown as string)],
      ['assertParamTimeZone', () => cleanParams({}, { timeZone: 8 as unknown as string })],
      ['assertParamTimeZone', () => cleanParamValue('x', { timeZone: 8 as unknown as string })],
    ];
    for (const [owner, call] of cases) {
      let error: unknown;
      try {
        call();
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(InvalidArgumentError);
      expect((error as InvalidArgumentError).extra).toStrictEqual({ field: 'timeZone', value: 8 });
      expect((error as InvalidArgumentError).message).toBe(`${owner}: timeZone must be a string, got 8`);
    }
  });
});

// A host whose clock runs in UTC+9 without switching process.env.TZ (which a worker thread cannot do): a Date
// whose local getters read nine hours ahead. 'local' must read those getters, 'utc' the UTC ones.
class TokyoClockDate extends Date {
  private shifted(): Date {
    return new Date(this.getTime() + 9 * 3_600_000);
  }
  override getFullYear(): number {
    return this.shifted().getUTCFullYear();
  }
  override getMonth(): number {
    return this.shifted().getUTCMonth();
  }
  override getDate(): number {
    return this.shifted().getUTCDate();
  }
  override getHours(): number {
    return this.shifted().getUTCHours();
  }
  override getMinutes(): number {
    return this.shifted().getUTCMinutes();
  }
}

describe("'local' reads the host clock's local fields, 'utc' the UTC fields", () => {
  it("'local' and 'utc' read the Date's own fields and never go through an Intl formatter (the fast path)", () => {
    const formatted = vi.spyOn(Intl.DateTimeFormat.prototype, 'formatToParts');
    try {
      const at = new Date(Date.UTC(2026, 0, 2, 3, 4));
      expect(formatParamDate(at, 'utc')).toBe('2026-01-02 03:04');
      formatParamDate(at, 'local');
      expect(cleanParams({ at }, { timeZone: 'utc' })).toStrictEqual({ at: '2026-01-02 03:04' });
      expect(formatted).not.toHaveBeenCalled();
      expect(formatParamDate(at, 'UTC')).toBe('2026-01-02 03:04');
      expect(formatted).toHaveBeenCalledTimes(1);
    } finally {
      formatted.mockRestore();
    }
  });

  const date = new TokyoClockDate(Date.UTC(2025, 11, 31, 15, 30));

  it("'local' (and the default) writes the host's wall time", () => {
    expect(formatParamDate(date, 'local')).toBe('2026-01-01 00:30');
    expect(formatParamDate(date)).toBe('2026-01-01 00:30');
    expect(cleanParams({ at: date })).toStrictEqual({ at: '2026-01-01 00:30' });
    expect(cleanParamValue(date)).toBe('2026-01-01 00:30');
  });

  it("'utc' writes UTC whatever the host's zone", () => {
    expect(formatParamDate(date, 'utc')).toBe('2025-12-31 15:30');
    expect(cleanParams({ at: date }, { timeZone: 'utc' })).toStrictEqual({ at: '2025-12-31 15:30' });
  });
});

// Node re-reads process.env.TZ when it is assigned, so the host zone can be switched inside the test process.
// Two zones on either side of UTC make 'local' distinguishable from 'utc' whatever the machine's own zone is.
describe("dates in the user's time zone: 'local' is the host's wall time, not UTC", () => {
  const savedTz = process.env.TZ;
  afterEach(() => {
    if (savedTz === undefined) delete process.env.TZ;
    else process.env.TZ = savedTz;
  });

  it('is the wall time of the zone the host reports, in any thread', () => {
    const date = new Date(Date.UTC(2026, 0, 1, 0, 0));
    const hostZone = new Intl.DateTimeFormat().resolvedOptions().timeZone;
    expect(formatParamDate(date, 'local')).toBe(formatParamDate(date, hostZone));
  });

  // A worker thread (StrykerJS runs the suite in threads) cannot switch its clock's zone: these run in processes.
  it.runIf(isMainThread).each([
    ['Asia/Tokyo', '2026-01-01 09:00'],
    ['America/New_York', '2025-12-31 19:00'],
  ])('with the host in %s, 2026-01-01 00:00 UTC is written as %s ("local" and the default)', (zone, expected) => {
    process.env.TZ = zone;
    const date = new Date(Date.UTC(2026, 0, 1, 0, 0));
    expect(formatParamDate(date, 'local')).toBe(expected);
    expect(formatParamDate(date)).toBe(expected);
    expect(cleanParams({ at: date })).toStrictEqual({ at: expected });
    expect(formatParamDate(date, 'utc')).toBe('2026-01-01 00:00');
  });
});

describe('dates in a given time zone: an IANA zone name', () => {
  it.each([
    ['UTC+8, across midnight', Date.UTC(2026, 0, 1, 16, 30), '2026-01-02 00:30'],
    ['UTC+8, across a year end', Date.UTC(2025, 11, 31, 15, 59), '2025-12-31 23:59'],
    ['no daylight saving in summer', Date.UTC(2026, 6, 1, 0, 0), '2026-07-01 08:00'],
  ])('Asia/Shanghai: %s', (_case, time, expected) => {
    expect(formatParamDate(new Date(time), 'Asia/Shanghai')).toBe(expected);
  });

  // 2026: EST (UTC−5) until 2026-03-08 02:00 local, EDT (UTC−4) until 2026-11-01 02:00 local.
  it.each([
    ['last minute of EST before spring forward', Date.UTC(2026, 2, 8, 6, 59), '2026-03-08 01:59'],
    ['first minute of EDT (02:00–02:59 never happens)', Date.UTC(2026, 2, 8, 7, 0), '2026-03-08 03:00'],
    ['01:30 EDT, before fall back', Date.UTC(2026, 10, 1, 5, 30), '2026-11-01 01:30'],
    ['01:30 EST, the repeated hour after fall back', Date.UTC(2026, 10, 1, 6, 30), '2026-11-01 01:30'],
    ['midnight is 00, never 24 (hourCycle h23)', Date.UTC(2026, 0, 1, 5, 0), '2026-01-01 00:00'],
  ])('America/New_York across a DST change: %s', (_case, time, expected) => {
    expect(formatParamDate(new Date(time), 'America/New_York')).toBe(expected);
  });

  it('cleanParams and cleanParamValue write every Date in the given zone', () => {
    const at = new Date(Date.UTC(2026, 0, 1, 16, 30));
    expect(cleanParams({ at, nested: [at] }, { timeZone: 'Asia/Shanghai' })).toStrictEqual({
      at: '2026-01-02 00:30',
      nested: ['2026-01-02 00:30'],
    });
    expect(cleanParamValue(at, { timeZone: 'America/New_York' })).toBe('2026-01-01 11:30');
  });

  it('writes a year before 1 AD in an IANA zone with astronomical numbering (1 BC is year 0)', () => {
    const date = new Date(Date.UTC(2000, 5, 15, 12, 0));
    date.setUTCFullYear(0);
    // Etc/GMT-9 is a fixed UTC+9 (POSIX sign), with no local mean time in the distant past.
    expect(formatParamDate(date, 'Etc/GMT-9')).toBe('0000-06-15 21:00');
    date.setUTCFullYear(-43);
    expect(formatParamDate(date, 'Etc/GMT-9')).toBe('-43-06-15 21:00');
    date.setUTCFullYear(1);
    expect(formatParamDate(date, 'Etc/GMT-9')).toBe('0001-06-15 21:00');
  });

  it('builds one formatter per zone and reuses it (building one costs far more than using one)', () => {
    const original = Intl.DateTimeFormat;
    let built = 0;
    Intl.DateTimeFormat = new Proxy(original, {
      construct(target, args, newTarget) {
        built++;
        return Reflect.construct(target, args, newTarget) as object;
      },
    });
    try {
      const at = new Date(Date.UTC(2026, 0, 1, 0, 0));
      expect(formatParamDate(at, 'Pacific/Chatham')).toBe('2026-01-01 13:45');
      expect(formatParamDate(at, 'Pacific/Chatham')).toBe('2026-01-01 13:45');
      assertParamTimeZone('Pacific/Chatham');
      expect(built).toBe(1);
    } finally {
      Intl.DateTimeFormat = original;
    }
  });

  it.each(['Mars/Olympus', 'Asia/Shangai', '', 'GMT+25'])(
    'an unknown zone %j is an UnknownTimeZoneError (code UNKNOWN_TIME_ZONE), even with no Date in the params',
    (zone) => {
      const expected = expect.objectContaining({
        name: 'UnknownTimeZoneError',
        code: 'UNKNOWN_TIME_ZONE',
        message: `Unknown time zone for request params: ${zone}`,
        extra: { field: 'timeZone', value: zone },
      });
      expect(() => formatParamDate(new Date(0), zone)).toThrow(UnknownTimeZoneError);
      expect(() => formatParamDate(new Date(0), zone)).toThrow(expected);
      expect(() => cleanParams({ name: 'x' }, { timeZone: zone })).toThrow(expected);
      expect(() => assertParamTimeZone(zone)).toThrow(expected);
    },
  );

  it("property: 'UTC' (through Intl) equals 'utc' (through the Date getters) for every date", () => {
    const drawn = inputClasses<Date>({
      'before 1970': (date) => date.getTime() < 0,
      'after 2038': (date) => date.getUTCFullYear() > 2038,
      'a year of fewer than four digits': (date) => date.getUTCFullYear() >= 0 && date.getUTCFullYear() < 1000,
    });
    fc.assert(
      fc.property(
        fc.oneof(
          fc.date({ noInvalidDate: true }),
          fc.date({ min: new Date('0001-01-01'), max: new Date('0999-12-31'), noInvalidDate: true }),
        ),
        (date) => {
          drawn.see(date);
          expect(formatParamDate(date, 'UTC')).toBe(formatParamDate(date, 'utc'));
        },
      ),
      { numRuns: 500 },
    );
    drawn.expectEachDrawn(10);
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
    expect(cleanParams(params, { timeZone: 'utc' })).toStrictEqual({
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

  it('keeps undefined, null and other primitives inside arrays, where only object entries are dropped', () => {
    expect(cleanParams({ list: [undefined, null, 1, true, ' a '] })).toStrictEqual({ list: [undefined, null, 1, true, 'a'] });
    expect(cleanParamValue([undefined, [undefined]])).toStrictEqual([undefined, [undefined]]);
    expect(cleanParamValue(undefined)).toBeUndefined();
  });

  it('refuses cyclic params with a typed error naming the field, and accepts shared (non-cyclic) references', () => {
    const loop: Record<string, unknown> = { a: 1 };
    loop.self = loop;
    const cycle = (field: string) =>
      expect.objectContaining({
        name: 'InvalidArgumentError',
        code: 'INVALID_ARGUMENT',
        message: 'Request params contain a cycle.',
        extra: { field },
      });
    expect(() => cleanParams({ outer: loop })).toThrow(cycle('outer.self'));
    expect(() => cleanParams({ list: [1, [loop]] })).toThrow(cycle('list[1][0].self'));
    expect(() => cleanParamValue({ a: loop })).toThrow(cycle('a.self'));
    expect(() => cleanParamValue([loop])).toThrow(cycle('[0].self'));
    const shared = { v: ' s ' };
    expect(cleanParams({ a: shared, b: shared })).toStrictEqual({ a: { v: 's' }, b: { v: 's' } });
  });

  it('refuses options that are not an object, naming the options field and the function', () => {
    expect(() => cleanParams({}, null as unknown as object)).toThrow(
      expect.objectContaining({
        name: 'InvalidArgumentError',
        message: 'cleanParams: options must be an object, got null',
        extra: { field: 'options', value: null },
      }),
    );
    expect(() => cleanParamValue('x', 3 as unknown as object)).toThrow(
      expect.objectContaining({
        name: 'InvalidArgumentError',
        message: 'cleanParamValue: options must be an object, got 3',
        extra: { field: 'options', value: 3 },
      }),
    );
  });

  it('turns a throwing getter in the params into InvalidArgumentError naming the params (or the value)', () => {
    const hostile = {
      get price(): string {
        throw new Error('boom');
      },
    };
    const expected = (message: string, field: string) =>
      expect.objectContaining({ name: 'InvalidArgumentError', message, extra: { field, value: hostile } });
    expect(() => cleanParams(hostile)).toThrow(
      expected('cleanParams: params must be an object whose fields can be read, got an object', 'params'),
    );
    expect(() => cleanParamValue(hostile)).toThrow(
      expected('cleanParamValue: value must be a value whose fields can be read, got an object', 'value'),
    );
    expect(() => cleanParamValue([hostile])).toThrow(expect.objectContaining({ extra: { field: 'value', value: [hostile] } }));
  });

  it('cleanParamValue cleans a single value the same way', () => {
    expect(cleanParamValue(' x ')).toBe('x');
    expect(cleanParamValue([new Date(Date.UTC(2026, 0, 1))], { timeZone: 'utc' })).toStrictEqual(['2026-01-01 00:00']);
    expect(cleanParamValue(7)).toBe(7);
  });

  const jsonLike = fc.letrec((tie) => ({
    value: fc.oneof(
      { depthSize: 'small' },
      fc.string(),
      fc.string().map((s) => ` ${s}\t`),
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

  const some = (value: unknown, test: (v: unknown) => boolean): boolean =>
    test(value) ||
    (typeof value === 'object' && value !== null && !(value instanceof Date) && Object.values(value).some((v) => some(v, test)));
  const paramClasses = () =>
    inputClasses<Record<string, unknown>>({
      'a string with whitespace around it': (params) => some(params, (v) => typeof v === 'string' && v !== v.trim()),
      'a Date': (params) => some(params, (v) => v instanceof Date),
      'an object inside': (params) => Object.values(params).some((v) => typeof v === 'object' && v !== null && !(v instanceof Date)),
    });

  it('property: no string in the output has surrounding whitespace, no Date survives, the input is unchanged', () => {
    const drawn = paramClasses();
    fc.assert(
      fc.property(fc.dictionary(fc.string({ maxLength: 6 }), jsonLike, { maxKeys: 5 }), (params) => {
        drawn.see(params);
        const snapshot = structuredClone(params);
        const out = cleanParams(params, { timeZone: 'utc' });
        expect(params).toEqual(snapshot);
        for (const s of strings(out)) expect(s).toBe(s.trim());
        expect(JSON.stringify(out)).not.toMatch(/\d{4}-\d{2}-\d{2}T/);
      }),
      { numRuns: 300 },
    );
    drawn.expectEachDrawn(10);
  });

  it('property: cleaning is idempotent', () => {
    const drawn = paramClasses();
    fc.assert(
      fc.property(fc.dictionary(fc.string({ maxLength: 6 }), jsonLike, { maxKeys: 5 }), (params) => {
        drawn.see(params);
        const once = cleanParams(params, { timeZone: 'utc' });
        expect(cleanParams(once, { timeZone: 'utc' })).toStrictEqual(once);
      }),
      { numRuns: 300 },
    );
    drawn.expectEachDrawn(10);
  });
});

// A literal `{ __proto__: x }` sets the prototype; JSON.parse (like a server answer or a form decoded from JSON)
// makes `__proto__` an own key, which is what a caller may hand in.
describe('cleanParams: __proto__, constructor and prototype keys stay plain data (issue 17)', () => {
  it('an own __proto__ key is kept as a field and never becomes the prototype of the output', () => {
    const params = JSON.parse('{"__proto__": {"isAdmin": true, "amount": " 9 "}, "a": " 1 "}') as Record<string, unknown>;
    const out = cleanParams(params);
    expect(Object.getPrototypeOf(out)).toBe(Object.prototype);
    expect((out as { isAdmin?: unknown }).isAdmin).toBeUndefined();
    expect(Object.keys(out)).toEqual(['__proto__', 'a']);
    expect(Object.getOwnPropertyDescriptor(out, '__proto__')?.value).toEqual({ isAdmin: true, amount: '9' });
    expect(JSON.stringify(out)).toBe('{"__proto__":{"isAdmin":true,"amount":"9"},"a":"1"}');
    expect(({} as { isAdmin?: unknown }).isAdmin).toBeUndefined();
  });

  it('nested too, and in a query string the key is sent as written', () => {
    const params = JSON.parse('{"filter": {"__proto__": {"x": 1}, "constructor": "c", "prototype": " p "}}') as Record<string, unknown>;
    const filter = cleanParams(params).filter as Record<string, unknown>;
    expect(Object.getPrototypeOf(filter)).toBe(Object.prototype);
    expect('x' in filter).toBe(false);
    expect(Object.keys(filter)).toEqual(['__proto__', 'constructor', 'prototype']);
    expect(filter.prototype).toBe('p');
    expect(filter.constructor).toBe('c');
    const search = new URLSearchParams();
    for (const [key, value] of Object.entries(cleanParams(JSON.parse('{"__proto__": " v "}') as Record<string, unknown>)))
      search.append(key, String(value));
    expect(search.toString()).toBe('__proto__=v');
  });

  // A JSON tree whose object keys are drawn mostly from the dangerous names; built as JSON text and parsed,
  // so every such key is an own property, as it would be in data from the network.
  type Node = string | number | boolean | null | Node[] | { entries: Array<[string, Node]> };
  const key = fc.oneof(
    fc.constantFrom('__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', 'valueOf'),
    fc.string({ maxLength: 5 }),
  );
  const tree = fc.letrec<{ node: Node }>((tie) => ({
    node: fc.oneof(
      { depthSize: 'small' },
      fc.string({ maxLength: 6 }),
      fc.integer(),
      fc.boolean(),
      fc.constant(null),
      fc.array(tie('node'), { maxLength: 3 }),
      fc.record({ entries: fc.array(fc.tuple(key, tie('node')), { maxLength: 4 }) }),
    ),
  })).node;
  const objectTree = fc.record({ entries: fc.array(fc.tuple(key, tree), { maxLength: 5 }) });

  function jsonText(node: Node, trim: boolean): string {
    if (typeof node === 'string') return JSON.stringify(trim ? node.trim() : node);
    if (node === null || typeof node !== 'object') return JSON.stringify(node);
    if (Array.isArray(node)) return `[${node.map((item) => jsonText(item, trim)).join(',')}]`;
    return `{${node.entries.map(([k, v]) => `${JSON.stringify(k)}:${jsonText(v, trim)}`).join(',')}}`;
  }

  function everyObject(value: unknown, visit: (object: object) => void): void {
    if (value === null || typeof value !== 'object') return;
    visit(value);
    for (const item of Object.values(value)) everyObject(item, visit);
  }

  it('property: the output is the input with strings trimmed, key for key, and no object in it inherits anything but Object.prototype', () => {
    // The dangerous inputs the property is about, each of which must be drawn.
    const drawn = inputClasses<string>({
      // The top-level object's text opens once before its first key; a nested object opens again.
      'a __proto__ key at the top': (text) => /^\{("[^"\\]*":(-?\d+|true|false|null|"[^"\\]*"),)*"__proto__":/.test(text),
      'a __proto__ key in a nested object': (text) => /\{[^]*\{"__proto__":/.test(text),
      'a constructor or prototype key': (text) => /"(constructor|prototype)":/.test(text),
      'an object inside an array': (text) => /\[[^\]]*\{/.test(text),
      'a string with surrounding whitespace': (text) => /"\s[^"]*"|"[^"]*\s"/.test(text),
    });
    fc.assert(
      fc.property(objectTree, (node) => {
        drawn.see(jsonText(node, false));
        const params = JSON.parse(jsonText(node, false)) as Record<string, unknown>;
        const out = cleanParams(params);
        expect(JSON.stringify(out)).toBe(JSON.stringify(JSON.parse(jsonText(node, true))));
        everyObject(out, (object) => {
          expect(Object.getPrototypeOf(object)).toBe(Array.isArray(object) ? Array.prototype : Object.prototype);
          for (const name in object) expect(Object.hasOwn(object, name)).toBe(true);
        });
        expect(Object.keys(Object.prototype)).toEqual([]);
      }),
      { numRuns: 500 },
    );
    drawn.expectEachDrawn(2);
  });
});
