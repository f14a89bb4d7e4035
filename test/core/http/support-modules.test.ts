// The HTTP client's support modules, each read on its own: the cookie-date algorithm (RFC 6265 §5.1.1), the
// wire-path rules, how params become a query, a form or a duplicate key, the typed errors, the request context
// hooks read, the status texts, the event channel's argument checks and the constants of the seed.
import { describe, expect, it } from 'vitest';
import {
  API_PREFIX,
  BUSY_STATUS,
  DEFAULT_BETA_HEADER,
  ERROR_BODY_STATUS,
  ERROR_EVENT_DEBOUNCE_MS,
  FORBIDDEN_STATUS,
  HTTP_TIMEOUT_MS,
  HttpApiError,
  HttpInvalidResponseError,
  HttpNetworkError,
  HttpRedirectError,
  HttpRequestError,
  HttpSetupError,
  HttpStatusError,
  LoginExpiredError,
  REQUEST_CONTEXT_KEY,
  REQUEST_ERROR_STATUSES,
  RequestCancelledError,
  RequestTimeoutError,
  TERMINAL_TYPE,
  USER_INFO_PATH,
  UnknownTimeZoneError,
  debouncedEventChannel,
  httpStatusMessage,
  requestApiPath,
  requestContext,
  withRequestContext,
} from '../../../core/http/index.js';
import type { HttpEvent, HttpRequestContext } from '../../../core/http/index.js';
import { parseCookieDate } from '../../../core/http/cookie-date.js';
import { apiPathUnder, isWirePath } from '../../../core/http/wire-path.js';
import { appendSearchParams, paramsKey, toFormData } from '../../../core/http/serialize.js';
import { withoutUserinfo } from '../../../core/http/errors.js';
import { ManualTimers } from '../../../core/platform/index.js';

describe('the constants of the seed', () => {
  it('each has its value', () => {
    expect({
      API_PREFIX,
      HTTP_TIMEOUT_MS,
      ERROR_EVENT_DEBOUNCE_MS,
      USER_INFO_PATH,
      TERMINAL_TYPE,
      ERROR_BODY_STATUS,
      DEFAULT_BETA_HEADER,
      FORBIDDEN_STATUS,
      REQUEST_ERROR_STATUSES,
      BUSY_STATUS,
      REQUEST_CONTEXT_KEY,
    }).toEqual({
      API_PREFIX: '/v1',
      HTTP_TIMEOUT_MS: 10_000,
      ERROR_EVENT_DEBOUNCE_MS: 2_000,
      USER_INFO_PATH: '/v1/user/overview/userinfo',
      TERMINAL_TYPE: '1',
      ERROR_BODY_STATUS: 'error',
      DEFAULT_BETA_HEADER: { name: 'beta', value: 'true' },
      FORBIDDEN_STATUS: 403,
      REQUEST_ERROR_STATUSES: [404, 504],
      BUSY_STATUS: 500,
      REQUEST_CONTEXT_KEY: 'exkit',
    });
  });
});

describe('httpStatusMessage (spec §S8)', () => {
  it.each([
    [403, 'Request is forbidden'],
    [404, 'Request error'],
    [504, 'Request error'],
    [500, 'The system is busy'],
    [502, '502:The system is busy'],
    [401, '401:The system is busy'],
  ])('%s: %s', (status, text) => {
    expect(httpStatusMessage(status, 'en')).toBe(text);
  });

  it('in the locale asked for', () => {
    expect(httpStatusMessage(500, 'zh-CN')).toBe('系统繁忙');
  });
});

describe('parseCookieDate (RFC 6265 §5.1.1)', () => {
  const at = (y: number, mo: number, d: number, h = 7, mi = 28, s = 0) => Date.UTC(y, mo, d, h, mi, s);

  it.each([
    ['70', 1970],
    ['99', 1999],
    ['00', 2000],
    ['69', 2069],
    ['1601', 1601],
    ['2015', 2015],
  ])('a year written %s is %s', (year, full) => {
    expect(parseCookieDate(`21 Oct ${year} 07:28:00`)).toBe(at(full, 9, 21));
  });

  it.each(['1600', '100', '20150', '5'])('a year %s is no cookie date', (year) => {
    expect(parseCookieDate(`21 Oct ${year} 07:28:00`)).toBeUndefined();
  });

  it('days 1 and 31 are dates; 0 and 32 are not', () => {
    expect(parseCookieDate('01 Jan 2020 00:00:00')).toBe(Date.UTC(2020, 0, 1));
    expect(parseCookieDate('31 Dec 2020 23:59:59')).toBe(Date.UTC(2020, 11, 31, 23, 59, 59));
    expect(parseCookieDate('00 Jan 2020 00:00:00')).toBeUndefined();
    expect(parseCookieDate('32 Jan 2020 00:00:00')).toBeUndefined();
  });

  it('hour 24, minute 60 and second 60 are not times', () => {
    expect(parseCookieDate('1 Jan 2020 24:00:00')).toBeUndefined();
    expect(parseCookieDate('1 Jan 2020 23:60:00')).toBeUndefined();
    expect(parseCookieDate('1 Jan 2020 23:59:60')).toBeUndefined();
  });

  it('minute 60 and second 60 are refused in themselves, not only where they would reach the next day', () => {
    expect(parseCookieDate('1 Jan 2020 12:59:59')).toBe(Date.UTC(2020, 0, 1, 12, 59, 59));
    expect(parseCookieDate('1 Jan 2020 12:60:00')).toBeUndefined();
    expect(parseCookieDate('1 Jan 2020 12:00:60')).toBeUndefined();
    expect(parseCookieDate('1 Jan 2020 23:00:00')).toBe(Date.UTC(2020, 0, 1, 23));
    expect(parseCookieDate('1 Jan 2020 99:00:00')).toBeUndefined();
  });

  it('the last day of every month is a date, the day after it is not (28 or 29 February by the leap year)', () => {
    const last = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
    const names = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
    expect(names.map((name, i) => parseCookieDate(`${last[i]} ${name} 2023 00:00:00`))).toEqual(
      names.map((_, i) => Date.UTC(2023, i, last[i])),
    );
    expect(names.map((name, i) => parseCookieDate(`${(last[i] as number) + 1} ${name} 2023 00:00:00`))).toEqual(names.map(() => undefined));
    expect(parseCookieDate('29 Feb 2000 00:00:00')).toBe(Date.UTC(2000, 1, 29));
    expect(parseCookieDate('29 Feb 1900 00:00:00')).toBeUndefined();
    expect(parseCookieDate('31 Dec 1601 23:59:59')).toBe(Date.UTC(1601, 11, 31, 23, 59, 59));
  });

  it('a day the month does not have is no date; 29 February of a leap year is', () => {
    expect(parseCookieDate('30 Feb 2020 00:00:00')).toBeUndefined();
    expect(parseCookieDate('31 Apr 2020 00:00:00')).toBeUndefined();
    expect(parseCookieDate('29 Feb 2024 12:00:00')).toBe(Date.UTC(2024, 1, 29, 12));
  });

  it.each([
    ['no time', '21 Oct 2015'],
    ['no day', 'Oct 2015 07:28:00'],
    ['no month', '21 2015 07:28:00'],
    ['no year', '21 Oct 07:28:00'],
    ['nothing', ''],
  ])('%s: no date', (_name, text) => {
    expect(parseCookieDate(text)).toBeUndefined();
  });

  it('one- and two-digit time parts; three digits are no time', () => {
    expect(parseCookieDate('21 Oct 2015 7:8:9')).toBe(at(2015, 9, 21, 7, 8, 9));
    expect(parseCookieDate('21 Oct 2015 123:00:00')).toBeUndefined();
  });

  it('a token may go on with a non-digit after its number; the month is its first three letters, any case', () => {
    expect(parseCookieDate('21st OCTOBER 2015AD 07:28:00GMT')).toBe(at(2015, 9, 21));
    expect(parseCookieDate('21 october 2015 07:28:00')).toBe(at(2015, 9, 21));
  });

  it('every month name', () => {
    const names = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
    expect(names.map((name) => parseCookieDate(`1 ${name} 2020 00:00:00`))).toEqual(names.map((_, i) => Date.UTC(2020, i, 1)));
  });

  it('the first token of each kind wins: a later time, day, month or year is ignored', () => {
    expect(parseCookieDate('07:28:00 21 Oct 2015 08:00:00')).toBe(at(2015, 9, 21));
    expect(parseCookieDate('Oct 21 15 07:28:00')).toBe(at(2015, 9, 21));
    expect(parseCookieDate('21 Oct Nov 2015 07:28:00')).toBe(at(2015, 9, 21));
    expect(parseCookieDate('21 Oct 2015 2016 07:28:00')).toBe(at(2015, 9, 21));
  });

  it('a token is read from its start: a number after other characters is not a time, day or year', () => {
    expect(parseCookieDate('21 Oct 2015 T07:28:00')).toBeUndefined();
    expect(parseCookieDate('x21 Oct 2015 07:28:00')).toBeUndefined();
    expect(parseCookieDate('21 Oct x2015 07:28:00')).toBeUndefined();
  });

  it('a number running on past its digits (07:28:001, a three-digit day) is not that part', () => {
    expect(parseCookieDate('21 Oct 2015 07:28:001')).toBeUndefined();
    expect(parseCookieDate('123 Oct 2015 07:28:00')).toBeUndefined();
  });

  it('a token that goes on past a line break (not a delimiter) still gives its number', () => {
    expect(parseCookieDate('21st\nx Oct 2015AD\nx 07:28:00Z\nx')).toBe(at(2015, 9, 21));
  });

  it('every delimiter range of the RFC splits tokens', () => {
    for (const d of ['\t', ' ', '!', '/', ';', '@', '[', '`', '{', '~', ',', '-'])
      expect(parseCookieDate(['21', 'Oct', '2015', '07:28:00'].join(d))).toBe(at(2015, 9, 21));
  });

  it('delimiters may run together and stand at either end', () => {
    expect(parseCookieDate(', \t21 -Oct- ;2015;  07:28:00 GMT;~')).toBe(at(2015, 9, 21));
    expect(parseCookieDate('Wed, 21 Oct 2015 07:28:00 GMT')).toBe(at(2015, 9, 21));
  });

  it('digits, letters and the colon are not delimiters', () => {
    // ':' (0x3A) sits between the ranges: '07:28:00' stays one token.
    expect(parseCookieDate('21 Oct 2015 07:28:00')).toBe(at(2015, 9, 21));
    expect(parseCookieDate('21Oct2015 07:28:00')).toBeUndefined();
  });
});

describe('isWirePath: a path goes on the wire as written', () => {
  const base = 'https://api.example.test/gw';
  it.each([
    ['/user/login', true],
    ['/', true],
    ['/a-b_c.d~e', true],
    ['/user/%6cogin', false],
    ['/user/login;x', false],
    ['/user//login', false],
    ['/user/login/', false],
    ['/user/login?x=1', false],
    ['/user/login#x', false],
    ['/a b', false],
    ['/a/../b', false],
    ['/a/./b', false],
    ['/a\\b', false],
  ])('%s: %s', (path, expected) => {
    expect(isWirePath(path, base, '/gw')).toBe(expected);
  });

  it('a base URL that does not parse takes no path', () => {
    expect(isWirePath('/a', 'not a url', '')).toBe(false);
  });

  it('the parsed path must be the base path followed by the written one', () => {
    expect(isWirePath('/a', base, '/other')).toBe(false);
  });

  it('nothing may be split off into a query or fragment, even where the pathname matches', () => {
    expect(isWirePath('', base, '/gw')).toBe(true);
    expect(isWirePath('', `${base}?x=1`, '/gw')).toBe(false);
    expect(isWirePath('', `${base}#x`, '/gw')).toBe(false);
  });
});

describe('apiPathUnder: the API path of a URL under a base', () => {
  const origin = 'https://api.example.test';
  it.each([
    ['https://api.example.test/gw/v1/a', '/gw', '/v1/a'],
    ['https://api.example.test/gw', '/gw', '/'],
    ['https://api.example.test/gw/', '/gw', '/'],
    ['https://api.example.test/gwx/v1/a', '/gw', undefined],
    ['https://api.example.test/v1/a', '/gw', undefined],
    ['https://api.example.test/v1/a?x=1', '', '/v1/a'],
    ['https://other.example.test/gw/v1/a', '/gw', undefined],
    ['not a url', '', undefined],
    // A blob: URL has its creator's origin, and a pathname that is that URL: it is no API path.
    ['blob:https://api.example.test/v1/a', '', undefined],
    ['blob:https://api.example.test/gw/v1/a', '/gw', undefined],
  ])('%s under %s: %s', (href, basePath, expected) => {
    expect(apiPathUnder(href, origin, basePath)).toBe(expected);
  });

  it.each(['file:///v1/a', 'data:,/v1/a', 'about:blank', 'blob:null/v1/a'])(
    'an opaque origin is no one’s: %s is not under another opaque origin',
    (href) => {
      expect(new URL(href).origin).toBe('null');
      expect(apiPathUnder(href, 'null', '')).toBeUndefined();
    },
  );
});

describe('params as text', () => {
  it('a query: arrays repeat their key, objects and nested arrays as JSON, empty values left out', () => {
    const query = appendSearchParams(new URLSearchParams('x=0'), {
      ids: [1, null, 2, undefined],
      tags: ['a b', true],
      nested: [[1, 2], { a: 1 }],
      filter: { b: [1] },
      none: null,
      missing: undefined,
      flag: false,
      n: 0,
    });
    expect(query.toString()).toBe(
      new URLSearchParams([
        ['x', '0'],
        ['ids', '1'],
        ['ids', '2'],
        ['tags', 'a b'],
        ['tags', 'true'],
        ['nested', '[1,2]'],
        ['nested', '{"a":1}'],
        ['filter', '{"b":[1]}'],
        ['flag', 'false'],
        ['n', '0'],
      ]).toString(),
    );
  });

  it('a form: Blobs as parts, arrays mixing Blobs and values keep both, the rest as text', async () => {
    const blob = new Blob(['abc'], { type: 'text/plain' });
    const file = new File(['xy'], 'a.txt', { type: 'text/plain' });
    const form = toFormData({ one: blob, many: [file, 'note', { k: 1 }, null], text: 'hi', list: [1, 2], obj: { a: 1 }, gone: null });
    const entries = [...form.entries()].map(([k, v]) => [k, typeof v === 'string' ? v : `file:${v.size}`]);
    expect(entries).toEqual([
      ['one', 'file:3'],
      ['many', 'file:2'],
      ['many', 'note'],
      ['many', '{"k":1}'],
      ['text', 'hi'],
      ['list', '1'],
      ['list', '2'],
      ['obj', '{"a":1}'],
    ]);
    expect(await (form.get('many') as File).text()).toBe('xy');
  });

  it('paramsKey: none is empty text; object keys sorted at every depth; Blobs by size, type and name', () => {
    expect(paramsKey(undefined)).toBe('');
    expect(paramsKey({ b: 1, a: { d: [2, { z: 1, y: 2 }], c: 3 } })).toBe('{"a":{"c":3,"d":[2,{"y":2,"z":1}]},"b":1}');
    expect(paramsKey({ b: 1, a: 2 })).toBe(paramsKey({ a: 2, b: 1 }));
    const file = new File(['xy'], 'a.txt', { type: 'text/plain' });
    expect(paramsKey({ f: file, g: new Blob(['abc']) })).toBe(
      '{"f":{"blob":2,"type":"text/plain","name":"a.txt"},"g":{"blob":3,"type":""}}',
    );
    expect(paramsKey({ f: new File(['xy'], 'b.txt') })).not.toBe(paramsKey({ f: new File(['xy'], 'a.txt') }));
    // A name that is not text is no file name: the Blob is described by its size and type alone.
    expect(paramsKey({ g: Object.assign(new Blob(['abc']), { name: { n: 1 } }) })).toBe('{"g":{"blob":3,"type":""}}');
  });

  it('paramsKey of a FormData: its entries in order, files described', () => {
    const form = new FormData();
    form.append('b', 'x');
    form.append('a', new File(['abc'], 'c.bin', { type: 'application/octet-stream' }));
    expect(paramsKey(form)).toBe('[["b","x"],["a",{"blob":3,"type":"application/octet-stream","name":"c.bin"}]]');
  });
});

const context: HttpRequestContext = {
  id: 1,
  method: 'POST',
  path: '/user/login',
  apiPath: '/v1/user/login',
  url: 'https://api.example.test/gw/v1/user/login',
  baseUrl: 'https://api.example.test/gw',
  params: { a: 1 },
  bodyType: 'json',
  locale: 'en',
  startedAt: 0,
  meta: {},
};

describe('the typed HTTP errors', () => {
  it('HttpRequestError carries the context, and status and envelope only when given', () => {
    const bare = new HttpRequestError('X', 'm', { context });
    expect(bare).toMatchObject({ code: 'X', msg: 'm', context, extra: { method: 'POST', path: '/v1/user/login', status: undefined } });
    expect(bare.status).toBeUndefined();
    expect(bare.envelope).toBeUndefined();
    const envelope = { code: '1', data: null };
    const full = new HttpRequestError('X', 'm', { context, status: 200, envelope, cause: 'c' });
    expect(full).toMatchObject({ status: 200, envelope, appData: envelope, cause: 'c', extra: { status: 200 } });
  });

  it('each subclass has its name and code', () => {
    const envelope = { code: 20906, data: null };
    const errors = [
      new HttpStatusError('m', { context, status: 500 }),
      new HttpNetworkError('m', { context }),
      new RequestTimeoutError('m', { context, timeoutMs: 5 }),
      new RequestCancelledError('aborted', { context }),
      new LoginExpiredError('m', { context, envelope }),
      new HttpApiError('m', { context, envelope: { code: '00004', data: null } }),
      new HttpInvalidResponseError('m', 'empty', { context }),
      new HttpRedirectError('m', 'opaque', { context }),
    ];
    expect(errors.map((e) => [e.name, e.code])).toEqual([
      ['HttpStatusError', 'HTTP_STATUS'],
      ['HttpNetworkError', 'HTTP_NETWORK'],
      ['RequestTimeoutError', 'HTTP_TIMEOUT'],
      ['RequestCancelledError', 'HTTP_CANCELLED'],
      ['LoginExpiredError', 'HTTP_LOGIN_EXPIRED'],
      ['HttpApiError', 'HTTP_API'],
      ['HttpInvalidResponseError', 'HTTP_INVALID_RESPONSE'],
      ['HttpRedirectError', 'HTTP_REDIRECT'],
    ]);
    expect(errors.every((e) => e instanceof HttpRequestError)).toBe(true);
    expect((errors[2] as RequestTimeoutError).timeoutMs).toBe(5);
    expect(errors[3]).toMatchObject({ reason: 'aborted', msg: 'Request cancelled (aborted)' });
    expect((errors[4] as LoginExpiredError).apiCode).toBe('20906');
    expect((errors[5] as HttpApiError).apiCode).toBe('00004');
    expect((errors[6] as HttpInvalidResponseError).reason).toBe('empty');
    expect(errors[7]).toMatchObject({ reason: 'opaque' });
    expect((errors[7] as HttpRedirectError).location).toBeUndefined();
  });

  it('HttpRedirectError keeps where the redirect pointed, without its user and password', () => {
    const error = new HttpRedirectError('m', 'cross-origin', { context, status: 302, location: 'https://u:p@evil.example/x' });
    expect(error).toMatchObject({ reason: 'cross-origin', status: 302, location: 'https://evil.example/x' });
  });

  it.each([
    ['https://evil.example/x', 'https://evil.example/x'],
    ['https://user@evil.example/x', 'https://evil.example/x'],
    ['https://:pw@evil.example/x', 'https://evil.example/x'],
    // Not a URL (a bad port), yet read with its userinfo: removed as the parser would read it.
    ['https://u:p@evil.example:99999/x', 'https://evil.example:99999/x'],
    [' \thttps://u:p@evil.example:bad/', 'https://evil.example:bad/'],
    ['//u:p@evil.example:bad/x', '//evil.example:bad/x'],
    ['\\\\u:p@evil.example:bad', '\\\\evil.example:bad'],
    ['https://a@b@evil.example:bad', 'https://evil.example:bad'],
    ['relative/path@x', 'relative/path@x'],
    ['svn+ssh.v-2://u:p@host:bad/x', 'svn+ssh.v-2://host:bad/x'],
    ['HTTPS://U:P@evil.example:bad', 'HTTPS://evil.example:bad'],
    ['ht\ttps://u:p@evil.example:bad', 'https://evil.example:bad'],
    ['https://u:p@evil.example:bad \n ', 'https://evil.example:bad'],
    ['  not a url@all ', '  not a url@all '],
    ['2x://u:p@host:bad', '2x://u:p@host:bad'],
    ['https://evil.example:bad/a@b', 'https://evil.example:bad/a@b'],
    ['https://evil.example:bad?a@b', 'https://evil.example:bad?a@b'],
    // Space and controls around the text go however many there are; inside it they stay.
    ['  \x01//u:p@evil.example:bad/x', '//evil.example:bad/x'],
    ['//u:p@evil.example:bad/a b \x00 ', '//evil.example:bad/a b'],
    // A URL that parses comes back as the parser writes it once its userinfo is gone, and as written when it had none.
    ['HTTPS://u:p@Evil.Example/a/../x', 'https://evil.example/x'],
    ['HTTPS://Evil.Example/a/../x', 'HTTPS://Evil.Example/a/../x'],
  ])('withoutUserinfo(%j) is %j', (text, expected) => {
    expect(withoutUserinfo(text)).toBe(expected);
  });

  it('HttpSetupError names the provider only when it is one', () => {
    expect(new HttpSetupError('m', { field: 'locale', cause: 'x' })).toMatchObject({
      name: 'HttpSetupError',
      code: 'HTTP_SETUP',
      cause: 'x',
      extra: { field: 'locale' },
    });
    expect(new HttpSetupError('m', { cause: 'x' }).extra).toBeUndefined();
  });

  it('UnknownTimeZoneError names the zone', () => {
    expect(new UnknownTimeZoneError('Mars/Base')).toMatchObject({
      name: 'UnknownTimeZoneError',
      code: 'UNKNOWN_TIME_ZONE',
      msg: 'Unknown time zone for request params: Mars/Base',
      timeZone: 'Mars/Base',
      extra: { field: 'timeZone', value: 'Mars/Base' },
    });
  });
});

describe('the request context hooks read', () => {
  it('is put under the exkit key and read back', () => {
    const options = { context: withRequestContext(context) };
    expect(options.context).toEqual({ exkit: context });
    expect(requestContext(options)).toBe(context);
  });

  it.each([
    ['no options', undefined],
    ['no context', {}],
    ['no exkit entry', { context: {} }],
    ['a null entry', { context: { exkit: null } }],
    ['an entry that is not an object', { context: { exkit: '/v1/x' } }],
    ['an object without apiPath', { context: { exkit: { path: '/x' } } }],
    ['a function carrying apiPath', { context: { exkit: Object.assign(() => undefined, { apiPath: '/v1/x' }) } }],
    ['an array carrying apiPath', { context: { exkit: Object.assign([], { apiPath: '/v1/x' }) } }],
    [
      'a context that throws when read',
      {
        get context(): Record<string, unknown> {
          throw new Error('no');
        },
      },
    ],
  ])('%s: none', (_name, options) => {
    expect(requestContext(options as never)).toBeUndefined();
  });

  it('requestApiPath: the path of the URL the request carries, under the client base URL', () => {
    const options = { context: withRequestContext(context) };
    expect(requestApiPath(new Request(context.url), options)).toBe('/v1/user/login');
    expect(requestApiPath(new Request('https://api.example.test/gw/v1/other'), options)).toBe('/v1/other');
    expect(requestApiPath(new Request('https://api.example.test/v1/other'), options)).toBeUndefined();
    expect(requestApiPath(new Request('https://elsewhere.test/gw/v1/other'), options)).toBeUndefined();
    // The context's own apiPath does not decide: the URL the request carries does.
    const stale = { context: withRequestContext({ ...context, apiPath: '/v1/other' }) };
    expect(requestApiPath(new Request(context.url), stale)).toBe('/v1/user/login');
    const slashes = { context: withRequestContext({ ...context, baseUrl: 'https://api.example.test/gw//' }) };
    expect(requestApiPath(new Request('https://api.example.test/gw/v1/other'), slashes)).toBe('/v1/other');
  });

  it('requestApiPath: none without a usable base URL', () => {
    const request = new Request(context.url);
    expect(requestApiPath(request, undefined)).toBeUndefined();
    expect(requestApiPath(request, {})).toBeUndefined();
    expect(requestApiPath(request, { context: withRequestContext({ ...context, baseUrl: 7 as never }) })).toBeUndefined();
    // Only text is a base URL: a URL object (which would parse once turned into text) is not what the client stores.
    expect(
      requestApiPath(request, { context: withRequestContext({ ...context, baseUrl: new URL(context.baseUrl) as never }) }),
    ).toBeUndefined();
    expect(requestApiPath(request, { context: withRequestContext({ ...context, baseUrl: 'not a url' }) })).toBeUndefined();
  });

  it('requestApiPath: what is not a Request is refused, a hostile Proxy included', () => {
    const message = 'requestApiPath: request must be a Request, got an object';
    expect(() => requestApiPath({ url: context.url } as never, undefined)).toThrow(
      expect.objectContaining({ name: 'InvalidArgumentError', message }),
    );
    const hostile = new Proxy(
      {},
      {
        getPrototypeOf() {
          throw new Error('no');
        },
      },
    );
    expect(() => requestApiPath(hostile as never, undefined)).toThrow(expect.objectContaining({ name: 'InvalidArgumentError', message }));
  });
});

describe('the event channel checks what it is given', () => {
  it('an event that is not an object, or whose type is not text, is refused and nothing goes out', () => {
    const timers = new ManualTimers();
    const channel = debouncedEventChannel<HttpEvent>(timers, 100);
    const seen: HttpEvent[] = [];
    channel.events$.subscribe((e) => seen.push(e));
    expect(() => channel.emit(null as never)).toThrow(
      expect.objectContaining({ name: 'InvalidArgumentError', message: 'emit: event must be an object, got null' }),
    );
    expect(() => channel.emit({ type: 5 } as never)).toThrow(
      expect.objectContaining({ name: 'InvalidArgumentError', message: 'emit: event.type must be a string, got 5' }),
    );
    expect(seen).toEqual([]);
    expect(timers.pendingCount).toBe(0);
  });

  it('subscribers get a copy of the event, and its type is debounced for exactly the quiet window', () => {
    const timers = new ManualTimers();
    const channel = debouncedEventChannel<HttpEvent>(timers, 100);
    const seen: HttpEvent[] = [];
    channel.events$.subscribe((e) => seen.push(e));
    const event: HttpEvent = { type: 'logout', reason: 'loginExpired' };
    channel.emit(event);
    expect(seen).toEqual([event]);
    expect(seen[0]).not.toBe(event);
    timers.advance(99);
    channel.emit(event);
    expect(seen).toHaveLength(1);
    timers.advance(100);
    expect(timers.pendingCount).toBe(0);
    channel.emit(event);
    expect(seen).toHaveLength(2);
  });
});
