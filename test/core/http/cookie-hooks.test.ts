import fc from 'fast-check';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cookieJarHooks, createHttpClient, parseSetCookie } from '../../../core/http/index.js';
import { memoryPlatform } from '../../../core/platform/index.js';
import type { MemoryPlatform } from '../../../core/platform/index.js';
import { inputClasses } from '../../support/input-classes.js';
import { startTestServer } from '../../support/http-server.js';
import type { Reply, TestServer } from '../../support/http-server.js';
import { START_TIME } from './harness.js';

const NOW = START_TIME;
const DAY_S = 86_400;

describe('parseSetCookie (RFC 6265 §5.2)', () => {
  it('a name=value pair alone is a session cookie; the value keeps every "=" after the first', () => {
    expect(parseSetCookie('sid=abc', NOW)).toEqual({ name: 'sid', value: 'abc', options: {}, remove: false });
    expect(parseSetCookie(' token = a=b== ', NOW)).toEqual({ name: 'token', value: 'a=b==', options: {}, remove: false });
  });

  it('a line without "=" in its first part, or with an empty name, is ignored', () => {
    expect(parseSetCookie('sid', NOW)).toBeUndefined();
    expect(parseSetCookie('=abc; Path=/', NOW)).toBeUndefined();
    expect(parseSetCookie('', NOW)).toBeUndefined();
  });

  it('RFC 6265bis §5.6: a line with a control character other than HTAB is ignored entirely, wherever it sits', () => {
    const controls = [...Array(32).keys(), 0x7f].filter((c) => c !== 9).map((c) => String.fromCharCode(c));
    for (const c of controls) {
      for (const line of [`sid=a${c}b`, `s${c}id=ab`, `sid=ab; Path=/${c}x`, `sid=ab; Domain=exa${c}mple.com`, `sid=ab; ${c}`]) {
        expect(parseSetCookie(line, NOW), JSON.stringify(line)).toBeUndefined();
      }
    }
    expect(parseSetCookie('sid=ab;\tPath=/', NOW)).toEqual({ name: 'sid', value: 'ab', options: { path: '/' }, remove: false });
  });

  it('Max-Age becomes a lifetime in days; Max-Age ≤ 0 deletes', () => {
    expect(parseSetCookie('sid=a; Max-Age=86400', NOW)?.options.days).toBe(1);
    expect(parseSetCookie('sid=a; max-age=3600', NOW)?.options.days).toBeCloseTo(1 / 24, 12);
    expect(parseSetCookie('sid=; Max-Age=0', NOW)?.remove).toBe(true);
    expect(parseSetCookie('sid=; Max-Age=-1', NOW)?.remove).toBe(true);
  });

  it('Expires in the future becomes a lifetime, in the past deletes; Max-Age wins over Expires', () => {
    const inTwoDays = new Date(NOW + 2 * DAY_S * 1000).toUTCString();
    const yesterday = new Date(NOW - DAY_S * 1000).toUTCString();
    expect(parseSetCookie(`sid=a; Expires=${inTwoDays}`, NOW)?.options.days).toBe(2);
    expect(parseSetCookie(`sid=a; Expires=${yesterday}`, NOW)?.remove).toBe(true);
    expect(parseSetCookie(`sid=a; Expires=${yesterday}; Max-Age=86400`, NOW)).toMatchObject({ remove: false, options: { days: 1 } });
  });

  it('attributes that do not parse are ignored, leaving a session cookie', () => {
    expect(parseSetCookie('sid=a; Max-Age=1e3; Expires=someday; Path=relative; SameSite=sometimes; Domain=', NOW)).toEqual({
      name: 'sid',
      value: 'a',
      options: {},
      remove: false,
    });
  });

  it('Path, Domain (leading dot dropped, lower case), Secure and SameSite are kept; HttpOnly means nothing here', () => {
    expect(parseSetCookie('sid=a; Path=/v1; Domain=.Exchange.Example; Secure; HttpOnly; SameSite=lax', NOW)?.options).toEqual({
      path: '/v1',
      domain: 'exchange.example',
      secure: true,
      sameSite: 'Lax',
    });
  });

  it('a line that is not a string is an InvalidArgumentError naming the line and parseSetCookie', () => {
    expect(() => parseSetCookie(42 as never, NOW)).toThrow(
      expect.objectContaining({
        name: 'InvalidArgumentError',
        message: 'parseSetCookie: line must be a string, got 42',
        extra: { field: 'line', value: 42 },
      }),
    );
  });

  it('an attribute is read only by its own name, and one written without "=" has an empty value', () => {
    // A value that parses as a date, or names a SameSite mode, under another attribute's name is not an expiry or a mode.
    expect(parseSetCookie('sid=a; Comment=Wed, 21 Oct 2099 07:28:00 GMT; Other=Strict', NOW)?.options).toEqual({});
    // Domain with no "=" is an empty domain, which is ignored (not a domain named "domain").
    expect(parseSetCookie('sid=a; Domain', NOW)?.options).toEqual({});
    expect(parseSetCookie('sid=a; Expires', NOW)?.options).toEqual({});
  });

  it('only a leading dot of Domain is dropped, the inner dots stay', () => {
    expect(parseSetCookie('sid=a; Domain=Sub.Exchange.Example', NOW)?.options).toEqual({ domain: 'sub.exchange.example' });
    expect(parseSetCookie('sid=a; Domain=.sub.exchange.example', NOW)?.options).toEqual({ domain: 'sub.exchange.example' });
  });

  it.each([
    ['Strict', 'Strict'],
    ['strict', 'Strict'],
    ['None', 'None'],
    ['NONE', 'None'],
    ['Lax', 'Lax'],
  ])('SameSite=%s is kept as %s, whatever its case', (written, kept) => {
    expect(parseSetCookie(`sid=a; SameSite=${written}`, NOW)?.options).toEqual({ sameSite: kept });
    expect(parseSetCookie(`sid=a; samesite = ${written} ; Secure`, NOW)?.options).toEqual({ sameSite: kept, secure: true });
  });

  it('an attribute is read by its own name only: a value that spells another attribute, or a name with extra letters, is not it', () => {
    expect(parseSetCookie('sid=Secure; Path=/a', NOW)?.options).toEqual({ path: '/a' });
    expect(parseSetCookie('sid=a; Securely; Max-Ages=5; Paths=/x; SameSite', NOW)?.options).toEqual({});
    // The last valid one of a repeated attribute wins, as the RFC's attribute list is read in order.
    expect(parseSetCookie('sid=a; Path=/one; Path=/two; Max-Age=60; Max-Age=120', NOW)?.options).toEqual({
      path: '/two',
      days: 120 / DAY_S,
    });
  });

  const token = fc.stringMatching(/^[A-Za-z0-9!#$%&'*+.^_`|~-]{1,20}$/);
  const cookieValue = fc.stringMatching(/^[\x21\x23-\x2B\x2D-\x3A\x3C-\x5B\x5D-\x7E]{0,40}$/);

  // Lines built from the parts a Set-Cookie line has (a pair, then attributes with and without values, in any
  // case and spacing, valid or not) mixed with arbitrary text, so the attribute rules are reached, not only the
  // first split: random strings of 80 characters almost never spell an attribute name.
  const space = fc.constantFrom('', ' ', '\t', '  ');
  const named = (names: string[], values: fc.Arbitrary<string>) => fc.tuple(fc.constantFrom(...names), values);
  const attribute = fc
    .tuple(
      space,
      fc.oneof(
        named(['Max-Age', 'max-age'], fc.oneof(fc.constantFrom('0', '-1', '1e3', ''), fc.integer({ min: -100, max: 1e8 }).map(String))),
        named(
          ['Expires', 'expires'],
          fc.oneof(
            fc.date({ min: new Date(0), max: new Date(4_102_444_800_000), noInvalidDate: true }).map((d) => d.toUTCString()),
            fc.constantFrom('someday', ''),
          ),
        ),
        named(['Path', 'PATH'], fc.constantFrom('/', '/v1', 'relative', '')),
        named(['Domain', 'domain'], fc.constantFrom('.Exchange.Example', 'x.example', '', '.')),
        named(['SameSite', 'samesite'], fc.constantFrom('Lax', 'Strict', 'None', 'strict', 'NONE', 'sometimes', '')),
        fc.tuple(fc.constantFrom('Secure', 'HttpOnly', 'Partitioned'), fc.constant(undefined)),
        fc.tuple(fc.string({ maxLength: 6 }), fc.option(fc.string({ maxLength: 8 }), { nil: undefined })),
      ),
      space,
    )
    .map(([pad, [name, value], gap]) => (value === undefined ? `${pad}${name}` : `${pad}${name}${gap}=${gap}${value}`));
  const pair = fc.oneof(
    { weight: 4, arbitrary: fc.tuple(token, cookieValue).map(([name, value]) => `${name}=${value}`) },
    { weight: 1, arbitrary: fc.constantFrom('noequals', '=anonymous', ' = ', '') },
    { weight: 1, arbitrary: fc.string({ maxLength: 12 }) },
  );
  const setCookieLine = fc.oneof(
    { weight: 4, arbitrary: fc.tuple(pair, fc.array(attribute, { maxLength: 5 })).map(([p, attrs]) => [p, ...attrs].join(';')) },
    { weight: 1, arbitrary: fc.string({ maxLength: 80 }) },
  );

  it('property: any line reads as undefined or a cookie with a non-empty, trimmed name free of ";" and "="', () => {
    const drawn = inputClasses<[string, ReturnType<typeof parseSetCookie>]>({
      'ignored line': ([, cookie]) => cookie === undefined,
      'a cookie deleted': ([, cookie]) => cookie?.remove === true,
      'a lifetime in days': ([, cookie]) => cookie?.options.days !== undefined,
      'a path kept': ([, cookie]) => cookie?.options.path !== undefined,
      'a domain kept': ([, cookie]) => cookie?.options.domain !== undefined,
      'secure kept': ([, cookie]) => cookie?.options.secure === true,
      'SameSite Strict': ([, cookie]) => cookie?.options.sameSite === 'Strict',
      'SameSite None': ([, cookie]) => cookie?.options.sameSite === 'None',
      'an attribute ignored (a cookie with attributes, none kept)': ([line, cookie]) =>
        cookie !== undefined && line.includes(';') && Object.keys(cookie.options).length === 0 && !cookie.remove,
    });
    fc.assert(
      fc.property(setCookieLine, fc.integer({ min: 0, max: 4_102_444_800_000 }), (line, now) => {
        const cookie = parseSetCookie(line, now);
        drawn.see([line, cookie]);
        if (cookie === undefined) {
          // Ignored only for the reasons the RFC gives: a control character, no '=' in the pair, an empty name.
          const [first = ''] = line.split(';');
          // eslint-disable-next-line no-control-regex -- a control character is one of the reasons to ignore a line
          const control = /[\x00-\x08\x0A-\x1F\x7F]/.test(line);
          expect(control || !first.includes('=') || first.slice(0, first.indexOf('=')).trim() === '', line).toBe(true);
          return;
        }
        expect(cookie.name).not.toBe('');
        expect(cookie.name).toBe(cookie.name.trim());
        expect(cookie.name).not.toMatch(/[;=]/);
        expect(cookie.value).not.toContain(';');
        if (cookie.options.days !== undefined) expect(cookie.options.days).toBeGreaterThan(0);
        if (cookie.options.path !== undefined) expect(cookie.options.path.startsWith('/')).toBe(true);
      }),
      { numRuns: 2000 },
    );
    drawn.expectEachDrawn(10);
  });

  it('property: a written cookie reads back with its name, value and Max-Age lifetime', () => {
    const drawn = inputClasses<{ value: string; maxAge: number }>({
      'an empty value': ({ value }) => value === '',
      'a life of under a day': ({ maxAge }) => maxAge < DAY_S,
      'a life of many days': ({ maxAge }) => maxAge > 30 * DAY_S,
    });
    fc.assert(
      fc.property(
        token,
        cookieValue,
        fc.oneof(fc.integer({ min: 1, max: DAY_S }), fc.integer({ min: 1, max: 400 * DAY_S })),
        (name, value, maxAge) => {
          drawn.see({ value, maxAge });
          expect(parseSetCookie(`${name}=${value}; Max-Age=${maxAge}; Path=/; HttpOnly`, NOW)).toEqual({
            name,
            value,
            options: { days: maxAge / DAY_S, path: '/' },
            remove: false,
          });
        },
      ),
      { numRuns: 300 },
    );
    drawn.expectEachDrawn(10);
  });

  it('property: Max-Age of zero or less always deletes, whatever Expires says', () => {
    const drawn = inputClasses<{ maxAge: number; expires: Date }>({
      'Max-Age zero': ({ maxAge }) => maxAge === 0,
      'Max-Age below zero': ({ maxAge }) => maxAge < 0,
      'an Expires still to come': ({ expires }) => expires.getTime() > NOW,
      'an Expires gone by': ({ expires }) => expires.getTime() <= NOW,
    });
    const expiresNear = fc.date({ min: new Date(NOW - 400 * DAY_S * 1000), max: new Date(NOW + 400 * DAY_S * 1000), noInvalidDate: true });
    fc.assert(
      fc.property(
        token,
        fc.oneof(fc.constant(0), fc.integer({ min: -1e9, max: 0 })),
        fc.oneof(fc.date({ noInvalidDate: true }), expiresNear),
        (name, maxAge, expires) => {
          drawn.see({ maxAge, expires });
          expect(parseSetCookie(`${name}=x; Expires=${expires.toUTCString()}; Max-Age=${maxAge}`, NOW)?.remove).toBe(true);
        },
      ),
      { numRuns: 300 },
    );
    drawn.expectEachDrawn(10);
  });
});

describe('cookieJarHooks on a real loopback server', () => {
  let server: TestServer;
  let other: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
    other = await startTestServer();
  });
  afterAll(async () => {
    await server.close();
    await other.close();
  });
  beforeEach(() => {
    server.reset();
    other.reset();
  });

  const setCookies =
    (...lines: string[]): Reply =>
    (_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json', 'set-cookie': lines });
      response.end(JSON.stringify({ code: '00000', data: null, msg: 'success' }));
    };
  const jarOf = (platform: MemoryPlatform) => ({
    cookies: platform.cookies,
    cookieStore: platform.browser.cookieStore,
    clock: platform.clock,
  });

  it('keeps Set-Cookie lines and sends them back as one Cookie header; a Max-Age=0 line deletes', async () => {
    const platform = memoryPlatform({ now: NOW });
    const client = createHttpClient(platform, { baseUrl: server.origin, hooks: cookieJarHooks(jarOf(platform), server.origin) });
    server.route('POST', '/v1/user/login', setCookies('refreshToken=r1; Max-Age=3600; Path=/; HttpOnly', 'uid=42'));
    server.route('GET', '/v1/user/info', setCookies());
    server.route('POST', '/v1/user/logout', setCookies('refreshToken=; Max-Age=0; Path=/'));
    await client.get('/user/info');
    await client.post('/user/login', {});
    await client.get('/user/info');
    await client.post('/user/logout', {});
    await client.get('/user/info');
    expect(server.received.map((r) => r.headers.cookie)).toEqual([
      undefined,
      undefined,
      'refreshToken=r1; uid=42',
      'refreshToken=r1; uid=42',
      'uid=42',
    ]);
    expect(platform.cookies.get('uid')).toBe('42');
    expect(platform.cookies.get('refreshToken')).toBeUndefined();
  });

  it('a cookie past its lifetime is no longer sent', async () => {
    const platform = memoryPlatform({ now: NOW });
    const client = createHttpClient(platform, { baseUrl: server.origin, hooks: cookieJarHooks(jarOf(platform), server.origin) });
    server.route('GET', '/v1/a', setCookies('short=1; Max-Age=60', 'long=2; Max-Age=86400'));
    await client.get('/a');
    platform.advance(60_000);
    await client.get('/a');
    expect(server.received[1]?.headers.cookie).toBe('long=2');
  });

  it.each(['', 'api.example.com', '/v1', 'ftp://files.example', 'not a url'])(
    'an origin %j that is not an absolute http(s) URL is an InvalidArgumentError',
    (origin) => {
      const platform = memoryPlatform({ now: NOW });
      expect(() => cookieJarHooks(jarOf(platform), origin)).toThrow(
        expect.objectContaining({
          name: 'InvalidArgumentError',
          code: 'INVALID_ARGUMENT',
          message: expect.stringMatching(/^cookieJarHooks: origin must be an absolute http\(s\) URL, got /),
          extra: { field: 'origin', value: origin },
        }),
      );
    },
  );

  it('an origin that is not a string is an InvalidArgumentError naming origin and cookieJarHooks', () => {
    const platform = memoryPlatform({ now: NOW });
    expect(() => cookieJarHooks(jarOf(platform), 42 as never)).toThrow(
      expect.objectContaining({
        message: 'cookieJarHooks: origin must be an absolute http(s) URL, got 42',
        extra: { field: 'origin', value: 42 },
      }),
    );
  });

  it("another origin's requests neither carry the jar's cookies nor fill it", async () => {
    const platform = memoryPlatform({ now: NOW });
    platform.cookies.set('refreshToken', 'secret');
    const hooks = cookieJarHooks(jarOf(platform), server.origin);
    const elsewhere = createHttpClient(platform, { baseUrl: other.origin, hooks });
    other.route('GET', '/v1/b', setCookies('tracker=1'));
    await elsewhere.get('/b');
    expect(other.received[0]?.headers.cookie).toBeUndefined();
    expect(platform.cookies.get('tracker')).toBeUndefined();
  });
});

describe("cookieJarHooks reads Set-Cookie against the answer's own URL, never the request's", () => {
  let gateway: TestServer;
  let other: TestServer;
  beforeAll(async () => {
    gateway = await startTestServer();
    other = await startTestServer();
  });
  afterAll(async () => {
    await gateway.close();
    await other.close();
  });

  const jarOf = (platform: MemoryPlatform) => ({
    cookies: platform.cookies,
    cookieStore: platform.browser.cookieStore,
    clock: platform.clock,
  });
  const planting =
    (...lines: string[]): Reply =>
    (_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json', 'set-cookie': lines });
      response.end('{"code":"00000","data":null}');
    };

  it("an answer from another origin to a request for the gateway does not touch the gateway's jar", async () => {
    other.route('GET', '/answer', planting('sid=planted; Max-Age=86400', 'extra=1'));
    const platform = memoryPlatform({ now: NOW });
    platform.cookies.set('sid', 'mine');
    const [store] = cookieJarHooks(jarOf(platform), gateway.origin).afterResponse!;
    const foreign = await fetch(`${other.origin}/answer`);
    await store!(new Request(`${gateway.origin}/v1/user/login`), {} as never, foreign, { retryCount: 0 });
    expect(platform.cookies.get('sid')).toBe('mine');
    expect(platform.cookies.get('extra')).toBeUndefined();
  });

  it('an answer from the gateway is stored even when the request named another URL (the answer decides)', async () => {
    gateway.route('GET', '/answer', planting('sid=fresh'));
    const platform = memoryPlatform({ now: NOW });
    const [store] = cookieJarHooks(jarOf(platform), gateway.origin).afterResponse!;
    const own = await fetch(`${gateway.origin}/answer`);
    await store!(new Request(`${other.origin}/elsewhere`), {} as never, own, { retryCount: 0 });
    expect(platform.cookies.get('sid')).toBe('fresh');
  });

  it('a Response built in memory (no URL) is never read', async () => {
    const platform = memoryPlatform({ now: NOW });
    const [store] = cookieJarHooks(jarOf(platform), gateway.origin).afterResponse!;
    const built = new Response('{}', { headers: { 'set-cookie': 'sid=forged' } });
    await store!(new Request(`${gateway.origin}/v1/x`), {} as never, built, { retryCount: 0 });
    expect(platform.cookies.get('sid')).toBeUndefined();
  });
});

describe('cookieJarHooks for an https origin, and the Set-Cookie lines it must skip', () => {
  const jarOf = (platform: MemoryPlatform) => ({
    cookies: platform.cookies,
    cookieStore: platform.browser.cookieStore,
    clock: platform.clock,
  });
  /** A Response as fetch returns it, from `url` (a Response built in memory has no URL of its own). */
  const answerFrom = (url: string, ...lines: string[]) => {
    const headers = new Headers();
    for (const line of lines) headers.append('set-cookie', line);
    const response = new Response('{}', { headers });
    Object.defineProperty(response, 'url', { value: url });
    return response;
  };

  it('an https origin is accepted: its requests carry the jar, and its answers fill it', async () => {
    const platform = memoryPlatform({ now: NOW });
    platform.cookies.set('sid', 'mine');
    const hooks = cookieJarHooks(jarOf(platform), 'https://gateway.example');
    const [send] = hooks.beforeRequest!;
    const [store] = hooks.afterResponse!;
    const ours = new Request('https://gateway.example/v1/user/info');
    await send!(ours, {} as never, { retryCount: 0 });
    expect(ours.headers.get('cookie')).toBe('sid=mine');
    await store!(ours, {} as never, answerFrom('https://gateway.example/v1/user/info', 'uid=7; Secure; SameSite=Strict'), {
      retryCount: 0,
    });
    expect(platform.browser.cookieStore.get('uid')).toMatchObject({ value: '7', options: { secure: true, sameSite: 'Strict' } });
  });

  it('the same host over http, or on another port, is another origin: nothing sent, nothing stored', async () => {
    const platform = memoryPlatform({ now: NOW });
    platform.cookies.set('sid', 'mine');
    const hooks = cookieJarHooks(jarOf(platform), 'https://gateway.example');
    for (const url of ['http://gateway.example/v1/x', 'https://gateway.example:8443/v1/x', 'https://api.gateway.example/v1/x']) {
      const request = new Request(url);
      await hooks.beforeRequest![0]!(request, {} as never, { retryCount: 0 });
      expect(request.headers.get('cookie'), url).toBeNull();
      await hooks.afterResponse![0]!(request, {} as never, answerFrom(url, 'planted=1'), { retryCount: 0 });
    }
    expect([...platform.browser.cookieStore.keys()]).toEqual(['sid']);
  });

  it('malformed Set-Cookie lines are skipped one by one; the well-formed ones beside them are kept, deletions applied', async () => {
    const platform = memoryPlatform({ now: NOW });
    platform.cookies.set('gone', 'old');
    const hooks = cookieJarHooks(jarOf(platform), 'https://gateway.example');
    const lines = [
      'noequals',
      '=anonymous',
      '; Path=/',
      'ok=1; Max-Age=oops; SameSite=None; Secure',
      'gone=; Max-Age=0',
      'kept=2; Path=/v1',
    ];
    const request = new Request('https://gateway.example/v1/login');
    await hooks.afterResponse![0]!(request, {} as never, answerFrom(request.url, ...lines), { retryCount: 0 });
    expect(Object.fromEntries([...platform.browser.cookieStore].map(([name, c]) => [name, [c.value, c.options]]))).toEqual({
      ok: ['1', { sameSite: 'None', secure: true }],
      kept: ['2', { path: '/v1' }],
    });
  });
});
