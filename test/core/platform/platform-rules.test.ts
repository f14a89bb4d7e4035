// The rules every platform shares (cookie calls, timer delays, navigation, bot user agents, in-memory storage and
// timers), each checked on its own: the error each refusal gives (message, code, field), every table entry, and
// the boundaries the browsers keep.
import { firstValueFrom } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { isBotUserAgent, silenceBots } from '../../../core/platform/bots.js';
import {
  checkCookieCall,
  cookieDays,
  decodeCookiePart,
  encodeCookiePart,
  MAX_COOKIE_DAYS,
  MAX_COOKIE_PAIR_BYTES,
  readCookie,
  utf8Length,
} from '../../../core/platform/cookie-rules.js';
import { flushMicrotasks, ManualTimers } from '../../../core/platform/manual-timers.js';
import { COOKIE_DAY_MS, memoryCookieJar } from '../../../core/platform/memory-cookie-jar.js';
import type { StoredCookie } from '../../../core/platform/memory-cookie-jar.js';
import { MemoryStorage } from '../../../core/platform/memory-storage.js';
import { resolveNavigation } from '../../../core/platform/navigation.js';
import { interval$, timer$ } from '../../../core/platform/rx.js';
import { checkedTimers, checkTimerCall } from '../../../core/platform/timer-rules.js';
import type { ErrorReport } from '../../../core/platform/types.js';
import { invalid } from '../../support/invalid-argument.js';

describe('cookie rules: the limits browsers keep (RFC 6265bis)', () => {
  it('a pair holds at most 4096 bytes and a lifetime at most 400 days', () => {
    expect(MAX_COOKIE_PAIR_BYTES).toBe(4096);
    expect(MAX_COOKIE_DAYS).toBe(400);
    expect(COOKIE_DAY_MS).toBe(86_400_000);
  });

  it('cookieDays clamps a lifetime to 0..400 days and keeps one inside as given', () => {
    expect(cookieDays(-5)).toBe(0);
    expect(cookieDays(0)).toBe(0);
    expect(cookieDays(0.25)).toBe(0.25);
    expect(cookieDays(399.5)).toBe(399.5);
    expect(cookieDays(400)).toBe(400);
    expect(cookieDays(401)).toBe(400);
  });

  it('utf8Length counts UTF-8 bytes, not UTF-16 units', () => {
    expect(utf8Length('')).toBe(0);
    expect(utf8Length('a')).toBe(1);
    expect(utf8Length('é')).toBe(2);
    expect(utf8Length('€')).toBe(3);
    expect(utf8Length('😀')).toBe(4);
  });

  it('encodeCookiePart percent-encodes; a lone surrogate has no encoding', () => {
    expect(encodeCookiePart('a b;c=é')).toBe('a%20b%3Bc%3D%C3%A9');
    expect(encodeCookiePart('\uD800')).toBeUndefined();
  });

  it('decodeCookiePart percent-decodes; an escape that is not UTF-8 has no decoding', () => {
    expect(decodeCookiePart('a%20b%3Bc%3D%C3%A9')).toBe('a b;c=é');
    expect(decodeCookiePart('%E0%A4')).toBeUndefined();
    expect(decodeCookiePart('%')).toBeUndefined();
  });
});

describe('checkCookieCall: what a cookie call may carry', () => {
  it('a well-formed call gives the options back as a copy; none given is {}', () => {
    const given = { days: 2, path: '/a', domain: '.example.com', secure: true, sameSite: 'Strict' as const };
    const read = checkCookieCall('k', given, 'v');
    expect(read).toEqual(given);
    expect(read).not.toBe(given);
    expect(checkCookieCall('k', undefined)).toEqual({});
    expect(checkCookieCall('k', undefined, 'v')).toEqual({});
  });

  it.each(['Lax', 'Strict', 'None'] as const)('sameSite %s is accepted', (sameSite) => {
    expect(checkCookieCall('k', { sameSite }).sameSite).toBe(sameSite);
  });

  it.each(['lax', 'strict', 'none', '', 'Secure'])('sameSite %j is refused with a message naming the three', (sameSite) => {
    expect(() => checkCookieCall('k', { sameSite })).toThrow(invalid('sameSite', "cookies: sameSite must be 'Lax', 'Strict' or 'None'"));
  });

  it('the name must be a non-empty string', () => {
    for (const name of ['', undefined, 1, null])
      expect(() => checkCookieCall(name, undefined)).toThrow(invalid('name', 'cookies: name must be a non-empty string'));
    expect(() => checkCookieCall('', undefined)).toThrow(expect.objectContaining({ extra: { field: 'name', value: '' } }));
  });

  it('the value must be a string', () => {
    expect(() => checkCookieCall('k', undefined, 1)).toThrow(invalid('value', 'cookies: value must be a string'));
    expect(() => checkCookieCall('k', undefined, 1)).toThrow(expect.objectContaining({ extra: { field: 'value', value: 1 } }));
  });

  it('options must be an object', () => {
    for (const options of [null, 'days=1', 3])
      expect(() => checkCookieCall('k', options)).toThrow(invalid('options', 'cookies: options must be an object'));
  });

  it('days must be a finite number; 0 and negative ones are allowed (they delete)', () => {
    for (const days of ['1', Number.NaN, Infinity, -Infinity, null])
      expect(() => checkCookieCall('k', { days })).toThrow(
        invalid('days', 'cookies: days must be a finite number (0 or less deletes the cookie)'),
      );
    expect(checkCookieCall('k', { days: 0 }).days).toBe(0);
    expect(checkCookieCall('k', { days: -3 }).days).toBe(-3);
  });

  it.each([
    ['path', '/a;b'],
    ['path', '/\u0000'],
    ['path', '/\u001f'],
    ['path', '/\n'],
    ['path', '/\u007f'],
    ['domain', 'a.example;secure'],
    ['domain', 'a.example\r'],
    ['domain', 42],
  ])('%s %j (a ; or a control character would write attributes nobody asked for) is refused', (field, value) => {
    expect(() => checkCookieCall('k', { [field]: value })).toThrow(
      invalid(field, `cookies: ${field} must be a string without ';' or control characters other than tab`),
    );
    expect(() => checkCookieCall('k', { [field]: value })).toThrow(expect.objectContaining({ extra: { field, value } }));
  });

  it('a tab, a space, non-ASCII and an empty text are allowed in a path or domain', () => {
    expect(checkCookieCall('k', { path: '/a\tb c', domain: 'é.example' })).toEqual({ path: '/a\tb c', domain: 'é.example' });
    expect(checkCookieCall('k', { path: '/\u0080', domain: '' })).toEqual({ path: '/\u0080', domain: '' });
  });

  it('options whose fields cannot be read are an InvalidArgumentError naming options', () => {
    const hostile = new Proxy(
      {},
      {
        ownKeys() {
          throw new Error('trap');
        },
      },
    );
    expect(() => checkCookieCall('k', hostile)).toThrow(invalid('options'));
  });
});

describe('readCookie: one cookie out of a document.cookie string', () => {
  it('finds a cookie among others, trimming the spaces around names and values', () => {
    expect(readCookie('a=1; b=2;c=3', 'b')).toBe('2');
    expect(readCookie('a=1; b=2;c=3', 'c')).toBe('3');
    expect(readCookie('  a  =  1  ', 'a')).toBe('1');
    expect(readCookie('a=1', 'b')).toBeUndefined();
    expect(readCookie('', 'a')).toBeUndefined();
  });

  it('the first cookie of a name wins', () => {
    expect(readCookie('a=1; a=2', 'a')).toBe('1');
  });

  it('a part with no = is a name with an empty value; empty parts are skipped', () => {
    expect(readCookie('flag', 'flag')).toBe('');
    expect(readCookie(';; ;flag; b=2', 'b')).toBe('2');
    expect(readCookie('a', '')).toBeUndefined();
    expect(readCookie('x; =v', '')).toBe('v');
    expect(readCookie('; a=1', '')).toBeUndefined();
    expect(readCookie('a=1; ', '')).toBeUndefined();
  });

  it('a value keeps its = signs', () => {
    expect(readCookie('t=a=b=c', 't')).toBe('a=b=c');
  });

  it('names and values are percent-decoded; an undecodable value is returned as written', () => {
    expect(readCookie('exkit%20pref=%7B%22a%22%3A1%7D', 'exkit pref')).toBe('{"a":1}');
    expect(readCookie('exkit%20pref=1', 'exkit%20pref')).toBe('1');
    expect(readCookie('raw=%E0%A4x', 'raw')).toBe('%E0%A4x');
    expect(readCookie('bad%E0=1; ok=2', 'ok')).toBe('2');
  });
});

describe('bots: crawlers and headless automation stay silent', () => {
  it.each([
    'Googlebot/2.1',
    'Mozilla/5.0 (compatible; YandexBot/3.0)',
    'ia_archiver crawler',
    'Baiduspider',
    'Mozilla/5.0 (compatible; Yahoo! Slurp)',
    'facebookexternalhit/1.1',
    'Mozilla/5.0 BingPreview/1.0b',
    'Mediapartners-Google',
    'Chrome-Lighthouse',
    'HeadlessChrome/120.0',
    'PhantomJS/2.1.1',
    'Prerender (+https://github.com/prerender/prerender)',
    'SOMEBOT',
    'Crawl',
  ])('%j is a bot', (ua) => {
    expect(isBotUserAgent(ua)).toBe(true);
  });

  it.each(['Mozilla/5.0 (Windows NT 10.0) Chrome/120.0 Safari/537.36', 'Mozilla/5.0 (iPhone) Mobile/15E148', ''])(
    '%j is not a bot',
    (ua) => {
      expect(isBotUserAgent(ua)).toBe(false);
    },
  );

  it('a user agent that is not a string is an InvalidArgumentError naming userAgent', () => {
    expect(() => isBotUserAgent(undefined as never)).toThrow(
      invalid('userAgent', 'isBotUserAgent: userAgent must be a string, got undefined'),
    );
  });

  it('silenceBots asks for the user agent at each report, and a throwing sink never reaches the caller', () => {
    const seen: ErrorReport[] = [];
    let ua = 'Mozilla/5.0';
    const reporter = silenceBots(
      (report) => seen.push(report),
      () => ua,
    );
    reporter.report({ event: 'one' });
    ua = 'Googlebot';
    reporter.report({ event: 'two' });
    ua = 'Mozilla/5.0';
    reporter.report({ event: 'three' });
    expect(seen.map((r) => r.event)).toEqual(['one', 'three']);
    const throwing = silenceBots(
      () => {
        throw new Error('down');
      },
      () => 'Mozilla/5.0',
    );
    expect(() => throwing.report({ event: 'x' })).not.toThrow();
  });
});

describe('timer rules: one delay rule on every platform', () => {
  it('an omitted delay is 0; 0 and 2^31 − 1 are kept as given', () => {
    const noop = () => undefined;
    expect(checkTimerCall(noop, undefined)).toBe(0);
    expect(checkTimerCall(noop, 0)).toBe(0);
    expect(checkTimerCall(noop, 2 ** 31 - 1)).toBe(2 ** 31 - 1);
    expect(checkTimerCall(noop, 12.5)).toBe(12.5);
  });

  it('a callback that is not a function is an InvalidArgumentError naming callback', () => {
    expect(() => checkTimerCall('alert(1)', 5)).toThrow(invalid('callback', 'timers: callback must be a function'));
    expect(() => checkTimerCall(undefined, 5)).toThrow(expect.objectContaining({ extra: { field: 'callback', value: undefined } }));
  });

  it.each([-1, 2 ** 31, Number.NaN, Infinity, '5'])('a delay of %j is an InvalidArgumentError naming ms', (ms) => {
    expect(() => checkTimerCall(() => undefined, ms)).toThrow(
      invalid('ms', `timers: ms must be a finite number of ms from 0 up to ${2 ** 31 - 1}`),
    );
  });

  it('checkedTimers hands the checked delay to the host and schedules nothing on a refused one', () => {
    const scheduled: number[] = [];
    const timers = checkedTimers(
      (_callback, ms) => scheduled.push(ms),
      () => undefined,
    );
    expect(timers.setTimeout(() => undefined, undefined as never)).toBe(1);
    timers.setTimeout(() => undefined, 7);
    expect(() => timers.setTimeout(() => undefined, -1)).toThrow(invalid('ms'));
    expect(scheduled).toEqual([0, 7]);
  });

  it('checkedTimers passes the handle to clear, and a host that throws on it is ignored', () => {
    const cleared: unknown[] = [];
    const timers = checkedTimers(
      () => 'h',
      (handle) => {
        cleared.push(handle);
        if (handle === 'bad') throw new TypeError('not a handle');
      },
    );
    timers.clearTimeout('h');
    expect(() => timers.clearTimeout('bad')).not.toThrow();
    expect(cleared).toEqual(['h', 'bad']);
  });
});

describe('resolveNavigation: where location.assign lands', () => {
  it('resolves a relative URL against the current one', () => {
    expect(resolveNavigation('/futures', 'https://x.example/en/spot')).toBe('https://x.example/futures');
    expect(resolveNavigation('?q=1', 'https://x.example/a')).toBe('https://x.example/a?q=1');
  });

  it('a value that is not a string is an InvalidArgumentError naming url', () => {
    expect(() => resolveNavigation(42, 'https://x.example/')).toThrow(invalid('url', 'location.assign: url must be a URL string, got 42'));
  });

  it('a URL the parser refuses is an InvalidArgumentError naming url, with the parser error as cause', () => {
    let thrown: unknown;
    try {
      resolveNavigation('http://[::1', 'https://x.example/');
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toEqual(invalid('url', 'location.assign: url must be a URL the URL parser accepts, got "http://[::1"'));
    expect((thrown as Error).cause).toBeInstanceOf(TypeError);
  });
});

describe('MemoryStorage: in-memory Web Storage', () => {
  it('tells onChange of every write, removal and clear, with the old and new text', () => {
    const changes: unknown[] = [];
    const storage = new MemoryStorage((key, oldValue, newValue) => changes.push([key, oldValue, newValue]));
    storage.setItem('a', '1');
    storage.setItem('a', '2');
    storage.setItem('b', 3 as never);
    storage.removeItem('a');
    storage.removeItem('absent');
    expect(storage.keys()).toEqual(['b']);
    expect(storage.getItem('b')).toBe('3');
    storage.clear();
    expect(storage.keys()).toEqual([]);
    expect(changes).toEqual([
      ['a', null, '1'],
      ['a', '1', '2'],
      ['b', null, '3'],
      ['a', '2', null],
      [null, null, null],
    ]);
  });

  it('a storage without a change listener writes, removes and clears all the same', () => {
    const storage = new MemoryStorage();
    storage.setItem('a', '1');
    storage.setItem('b', '2');
    storage.removeItem('a');
    expect(storage.keys()).toEqual(['b']);
    storage.clear();
    expect(storage.keys()).toEqual([]);
    expect(storage.getItem('b')).toBeNull();
  });

  it('failWrites makes writes throw that error and keeps the old value', () => {
    const storage = new MemoryStorage();
    storage.setItem('k', 'old');
    const quota = new Error('QuotaExceededError');
    storage.failWrites = quota;
    expect(() => storage.setItem('k', 'new')).toThrow(quota);
    expect(storage.getItem('k')).toBe('old');
    storage.failWrites = undefined;
    storage.setItem('k', 'new');
    expect(storage.getItem('k')).toBe('new');
  });

  it('a value without a text form is an InvalidArgumentError naming value, with the cause', () => {
    const storage = new MemoryStorage();
    const cause = new Error('no text');
    const value = {
      toString() {
        throw cause;
      },
    };
    let thrown: unknown;
    try {
      storage.setItem('k', value as never);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toEqual(invalid('value', 'storage.setItem: value must be a value with a text form, got an object'));
    expect((thrown as Error).cause).toBe(cause);
    expect(storage.getItem('k')).toBeNull();
  });
});

describe('memory cookie jar', () => {
  it('a cookie without days never expires; one with days expires exactly then', () => {
    let now = 1_000;
    const store = new Map<string, StoredCookie>();
    const jar = memoryCookieJar(store, () => now);
    jar.set('session', 's');
    jar.set('day', 'd', { days: 1, path: '/x' });
    expect(store.get('session')).toEqual({ value: 's', expires: undefined, options: {} });
    expect(store.get('day')).toEqual({ value: 'd', expires: 1_000 + 86_400_000, options: { days: 1, path: '/x' } });
    now += 86_400_000 - 1;
    expect(jar.get('day')).toBe('d');
    now += 1;
    expect(jar.get('day')).toBeUndefined();
    expect(store.has('day')).toBe(false);
    now += 1e12;
    expect(jar.get('session')).toBe('s');
  });

  it('the 4096-byte limit counts the name and UTF-8 bytes', () => {
    const jar = memoryCookieJar(new Map(), () => 0);
    expect(jar.set('kk', 'v'.repeat(4094))).toBe(true);
    expect(jar.set('kk', 'v'.repeat(4095))).toBe(false);
    expect(jar.set('k', '€'.repeat(1365))).toBe(true);
    expect(jar.set('k', '€'.repeat(1366))).toBe(false);
    expect(jar.get('k')).toBe('€'.repeat(1365));
  });

  it('remove checks its call as set does', () => {
    const jar = memoryCookieJar(new Map(), () => 0);
    expect(() => jar.remove('', undefined)).toThrow(invalid('name'));
    expect(() => jar.remove('k', { path: '/;x' })).toThrow(invalid('path'));
  });
});

describe('ManualTimers: time that moves only when told', () => {
  it('a timer falls due at exactly its delay; equal due times run in the order they were set', () => {
    const timers = new ManualTimers(50);
    const seen: string[] = [];
    timers.setTimeout(() => seen.push('late'), 20);
    timers.setTimeout(() => seen.push('first'), 10);
    timers.setTimeout(() => seen.push('second'), 10);
    timers.setTimeout(() => seen.push('third'), 10);
    timers.advance(9);
    expect(seen).toEqual([]);
    timers.advance(1);
    expect(seen).toEqual(['first', 'second', 'third']);
    expect(timers.now()).toBe(60);
    timers.advance(10);
    expect(seen.at(-1)).toBe('late');
  });

  it('timers due within one advance run earliest first, whatever order they were set in', () => {
    const timers = new ManualTimers();
    const seen: Array<[string, number]> = [];
    timers.setTimeout(() => seen.push(['late', timers.now()]), 20);
    timers.setTimeout(() => seen.push(['early', timers.now()]), 10);
    timers.advance(30);
    expect(seen).toEqual([
      ['early', 10],
      ['late', 20],
    ]);
  });

  it('an omitted delay is 0 and runs on the next advance, even of 0 ms', () => {
    const timers = new ManualTimers();
    let ran = 0;
    timers.setTimeout(() => ran++, undefined as never);
    timers.advance(0);
    expect(ran).toBe(1);
  });

  it('a refused delay schedules nothing', () => {
    const timers = new ManualTimers();
    expect(() => timers.setTimeout(() => undefined, 2 ** 31)).toThrow(invalid('ms'));
    expect(timers.pendingCount).toBe(0);
  });

  it('a step refused is named with its rule; so is a start or time that is not finite', () => {
    const timers = new ManualTimers();
    expect(() => timers.advance(-1)).toThrow(invalid('ms', 'manual clock: ms must be a finite number of ms from 0'));
    expect(() => timers.advance('1' as never)).toThrow(invalid('ms'));
    expect(() => timers.setNow(Infinity)).toThrow(invalid('time', 'manual clock: time must be a finite time in ms'));
    expect(() => new ManualTimers(Number.NaN)).toThrow(invalid('start', 'manual clock: start must be a finite time in ms'));
    expect(() => new ManualTimers('0' as never)).toThrow(invalid('start'));
  });

  it('setNow jumps the clock without running timers; a negative start is a time like any other', () => {
    const timers = new ManualTimers(-100);
    expect(timers.now()).toBe(-100);
    let ran = false;
    timers.setTimeout(() => (ran = true), 10);
    timers.setNow(1_000);
    expect(timers.now()).toBe(1_000);
    expect(ran).toBe(false);
    timers.advance(0);
    expect(ran).toBe(true);
  });

  it('advanceAsync settles promise chains ten levels deep before the next timer and at the end', async () => {
    const timers = new ManualTimers();
    const seen: string[] = [];
    const chain = (depth: number, label: string): Promise<void> => {
      let p = Promise.resolve();
      for (let i = 0; i < depth; i++) p = p.then(() => undefined);
      return p.then(() => void seen.push(label));
    };
    timers.setTimeout(() => void chain(8, 'deep'), 5);
    await timers.advanceAsync(5);
    expect(seen).toEqual(['deep']);
    expect(timers.now()).toBe(5);
  });

  it('flushMicrotasks lets a nine-step chain finish', async () => {
    let done = false;
    let p = Promise.resolve();
    for (let i = 0; i < 8; i++) p = p.then(() => undefined);
    void p.then(() => (done = true));
    await flushMicrotasks();
    expect(done).toBe(true);
  });
});

describe('timer$ and interval$ on platform timers', () => {
  it('timer$ unsubscribed before it fires clears its timer', () => {
    const timers = new ManualTimers();
    const seen: number[] = [];
    const sub = timer$(timers, 10).subscribe((n) => seen.push(n));
    expect(timers.pendingCount).toBe(1);
    sub.unsubscribe();
    expect(timers.pendingCount).toBe(0);
    timers.advance(20);
    expect(seen).toEqual([]);
  });

  it('timer$ completes after its one value', async () => {
    const timers = new ManualTimers();
    let completed = false;
    timer$(timers, 10).subscribe({ complete: () => (completed = true) });
    timers.advance(10);
    expect(completed).toBe(true);
    const value = firstValueFrom(timer$(timers, 0));
    timers.advance(0);
    await expect(value).resolves.toBe(0);
  });

  it('interval$ ticks once per period, each a period after the last', () => {
    const timers = new ManualTimers();
    const seen: Array<[number, number]> = [];
    const sub = interval$(timers, 100).subscribe((n) => seen.push([n, timers.now()]));
    timers.advance(99);
    expect(seen).toEqual([]);
    timers.advance(201);
    expect(seen).toEqual([
      [0, 100],
      [1, 200],
      [2, 300],
    ]);
    expect(timers.pendingCount).toBe(1);
    sub.unsubscribe();
    expect(timers.pendingCount).toBe(0);
  });
});
