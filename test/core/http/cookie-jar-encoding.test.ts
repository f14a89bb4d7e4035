// The Node/memory cookie jar on the wire: values are encoded exactly as the browser platform writes
// document.cookie, so any string survives set → Cookie header → a server's parse; Set-Cookie is read as
// browsers read it (RFC 6265 cookie dates, RFC 6265bis prefixes).
import fc from 'fast-check';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cookieJarHooks, createHttpClient, parseSetCookie } from '../../../core/http/index.js';
import { parseCookieDate } from '../../../core/http/cookie-date.js';
import { memoryPlatform } from '../../../core/platform/index.js';
import type { MemoryPlatform } from '../../../core/platform/index.js';
import { reply, startTestServer } from '../../support/http-server.js';
import type { TestServer } from '../../support/http-server.js';
import { START_TIME } from './harness.js';
import { inputClasses } from '../../support/input-classes.js';
import { anyText } from '../../support/arbitraries.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());
beforeEach(() => {
  server.reset();
  server.route('GET', '/v1/echo', reply.json({ code: '00000', data: null }));
});

/** A server's cookie parse, as common frameworks do it: split on `;`, the name before the first `=`, both percent-decoded. */
function serverParse(header: string | undefined): Map<string, string> {
  const out = new Map<string, string>();
  for (const part of (header ?? '').split(';')) {
    const pair = part.trim();
    if (pair === '') continue;
    const eq = pair.indexOf('=');
    const name = decodeURIComponent(pair.slice(0, eq).trim());
    if (!out.has(name)) out.set(name, decodeURIComponent(pair.slice(eq + 1).trim()));
  }
  return out;
}

function jarClient(platform: MemoryPlatform) {
  const jar = { cookies: platform.cookies, cookieStore: platform.browser.cookieStore, clock: platform.clock };
  return createHttpClient(platform, { baseUrl: server.origin, hooks: cookieJarHooks(jar, server.origin) });
}

describe('the memory jar sends cookies encoded as the browser platform does', () => {
  it.each([
    ['non-ASCII text', '张三'],
    ['a newline', 'a\nb'],
    ['a value that reads as a second cookie', 'a;b=c'],
    ['spaces, quotes, commas and percent signs', ' "x", 100% '],
  ])('%s (%j) reaches the server as exactly that one value; later calls still work', async (_name, value) => {
    const platform = memoryPlatform({ now: START_TIME });
    const client = jarClient(platform);
    expect(platform.cookies.set('name', value)).toBe(true);
    await client.get('/echo');
    await client.get('/echo');
    expect(server.received).toHaveLength(2);
    const parsed = serverParse(server.received[1]!.headers.cookie);
    expect([...parsed]).toEqual([['name', value]]);
    client.dispose();
  });

  it('property: for any names and values, set → Cookie header → server parse gives back exactly the jar', async () => {
    const platform = memoryPlatform({ now: START_TIME });
    const client = jarClient(platform);
    const text = fc.oneof(
      anyText({ maxLength: 12 }),
      fc.string({ unit: fc.constantFrom(';', '=', ' ', '\t', '\n', '\r', '%', '"', ',', '\\', '\0', 'é', '张', '😀', 'a'), maxLength: 8 }),
    );
    const drawn = inputClasses<{ entries: [string, string][]; expected: Map<string, string> }>({
      'a cookie the jar refuses': ({ entries, expected }) => entries.some(([name, value]) => expected.get(name) !== value),
      'a value with a separator or quote': ({ expected }) => [...expected.values()].some((v) => /[;=," \\]/.test(v)),
      'a non-ASCII name or value': ({ expected }) => [...expected].some((pair) => /[^\0-\x7f]/.test(pair.join(''))),
      'several cookies in one header': ({ expected }) => expected.size > 1,
      'an empty value': ({ expected }) => [...expected.values()].includes(''),
    });
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.tuple(
            text.filter((n) => n !== ''),
            fc.oneof(text, fc.constant('')),
          ),
          { maxLength: 5 },
        ),
        async (entries) => {
          platform.browser.cookieStore.clear();
          const expected = new Map<string, string>();
          for (const [name, value] of entries) if (platform.cookies.set(name, value)) expected.set(name, value);
          drawn.see({ entries, expected });
          const before = server.received.length;
          await client.get('/echo');
          expect(server.received.length).toBe(before + 1);
          expect(serverParse(server.received[before]!.headers.cookie)).toEqual(expected);
        },
      ),
      { numRuns: 80 },
    );
    drawn.expectEachDrawn(1);
    client.dispose();
  });

  it('a percent-encoded Set-Cookie value is kept decoded, as a page reads it from document.cookie, and sent back as it came', async () => {
    server.route('GET', '/v1/login', (_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json', 'set-cookie': 'nick=%E5%BC%A0%3Bx; Path=/' });
      response.end('{"code":"00000","data":null}');
    });
    const platform = memoryPlatform({ now: START_TIME });
    const client = jarClient(platform);
    await client.get('/login');
    expect(platform.cookies.get('nick')).toBe('张;x');
    await client.get('/echo');
    expect(server.received.at(-1)!.headers.cookie).toBe('nick=%E5%BC%A0%3Bx');
    client.dispose();
  });
});

describe('parseSetCookie reads Expires and prefixes as browsers do', () => {
  const NOW = START_TIME;
  it.each(['0', '1', '-1', 'someday', '2020', 'Thu, 01 Jan 1970', '31 Feb 2020 00:00:00', '1 Jan 1600 00:00:00', '25:00:00 1 Jan 2020'])(
    'an Expires that is not a cookie date (%j) is ignored: a session cookie, not a deletion',
    (expires) => {
      expect(parseSetCookie(`sid=a; Expires=${expires}`, NOW)).toEqual({ name: 'sid', value: 'a', options: {}, remove: false });
    },
  );

  it('RFC 6265 §5.1.1 dates: the common spellings, two-digit years', () => {
    expect(parseCookieDate('Wed, 21 Oct 2015 07:28:00 GMT')).toBe(Date.UTC(2015, 9, 21, 7, 28, 0));
    expect(parseCookieDate('Wednesday, 21-Oct-15 07:28:00 GMT')).toBe(Date.UTC(2015, 9, 21, 7, 28, 0));
    expect(parseCookieDate('Wed Oct 21 07:28:00 1999')).toBe(Date.UTC(1999, 9, 21, 7, 28, 0));
    expect(parseSetCookie('sid=; Expires=Thu, 01 Jan 1970 00:00:00 GMT', NOW)?.remove).toBe(true);
  });

  it('property: every UTC date string reads back to its second; any text reads as undefined or a date from 1601', () => {
    fc.assert(
      fc.property(fc.date({ min: new Date(Date.UTC(1970, 0, 1)), max: new Date(Date.UTC(9999, 11, 31)), noInvalidDate: true }), (date) => {
        expect(parseCookieDate(date.toUTCString())).toBe(Math.floor(date.getTime() / 1000) * 1000);
      }),
    );
    // Any text, and texts made of the tokens a date is read from (so that many read as one): names of days and
    // months, numbers of any size, times with fields out of range, and the delimiters between them; and the four
    // parts of a date (day, month, year of two or four digits, time), some of them, in any order.
    const time = fc.tuple(fc.nat(30), fc.nat(70), fc.nat(70)).map(([h, m, s]) => `${h}:${m}:${s}`);
    const token = fc.oneof(
      fc.constantFrom('Wed,', 'thu', 'GMT', 'Jan', 'feb', 'OCTOBER', 'Sept', 'xyz', '-', ',', ';'),
      fc.integer({ min: 0, max: 10_000 }).map(String),
      time,
    );
    const soup = fc.array(token, { maxLength: 8 }).map((parts) => parts.join(' '));
    const parts = fc
      .tuple(
        fc.integer({ min: 0, max: 40 }).map(String),
        fc.constantFrom('Jan', 'feb', 'OCTOBER', 'Sept', 'xyz'),
        fc.oneof(fc.integer({ min: 0, max: 99 }), fc.integer({ min: 1500, max: 2100 }), fc.nat(10_000)).map(String),
        time,
      )
      .chain((all) => fc.shuffledSubarray(all, { minLength: 3 }))
      .map((some) => some.join(' '));
    const dateLike = fc.oneof(soup, { weight: 3, arbitrary: parts });
    const drawn = inputClasses<{ text: string; time: number | undefined }>({
      'read as a date': ({ time }) => time !== undefined,
      'read as a date before 1970': ({ time }) => time !== undefined && time < 0,
      'read with a two-digit year': ({ text, time }) => time !== undefined && !/\d{3}/.test(text.replace(/\d+:\d+:\d+/g, '')),
      'date-like, yet not a date': ({ text, time }) => time === undefined && /\d+:\d+:\d+/.test(text),
    });
    fc.assert(
      fc.property(fc.oneof(fc.string({ maxLength: 40 }), dateLike), (text) => {
        const time = parseCookieDate(text);
        drawn.see({ text, time });
        if (time !== undefined) expect(time).toBeGreaterThanOrEqual(Date.UTC(1601, 0, 1));
      }),
      { numRuns: 5000 },
    );
    drawn.expectEachDrawn(3);
  });

  it('RFC 6265bis prefixes: __Host- needs Secure, Path=/ and no Domain; __Secure- needs Secure (any case)', () => {
    expect(parseSetCookie('__Host-sid=a; Secure; Path=/; Domain=example.com', NOW)).toBeUndefined();
    expect(parseSetCookie('__host-sid=a; Secure; Path=/; Domain=example.com', NOW)).toBeUndefined();
    expect(parseSetCookie('__Host-sid=a; Path=/', NOW)).toBeUndefined();
    expect(parseSetCookie('__Host-sid=a; Secure; Path=/v1', NOW)).toBeUndefined();
    expect(parseSetCookie('__Host-sid=a; Secure; Path=/', NOW)).toMatchObject({ name: '__Host-sid', options: { secure: true, path: '/' } });
    expect(parseSetCookie('__Secure-sid=a; Path=/', NOW)).toBeUndefined();
    expect(parseSetCookie('__SECURE-sid=a', NOW)).toBeUndefined();
    expect(parseSetCookie('__Secure-sid=a; Secure; Domain=example.com', NOW)).toMatchObject({ options: { secure: true } });
  });
});
