// The contract of the fingerprint options and helpers at their edges: every refused option names its field,
// its value and why; the accepted edges pass; canonical JSON and the terminal-code check at their bounds.
import { describe, expect, it } from 'vitest';
import { InvalidArgumentError } from '../../../../core/errors/index.js';
import { memoryPlatform } from '../../../../core/platform/memory-platform.js';
import {
  FingerprintError,
  TERMINAL_CODE_KEY,
  TERMINAL_CODE_PENDING_KEY,
  audioSource,
  canonicalJson,
  fontsSource,
  isEmptyFrame,
  readScreenFrame,
  screenFrame$,
  screenSource,
  timeZoneSource,
  collectFingerprint,
  createFingerprinter,
  defaultSources,
  hashComponents,
  isValidTerminalCode,
  validateFingerprintOptions,
} from '../../../../core/security/fingerprint/index.js';
import type { FingerprintOptions, FingerprintSource } from '../../../../core/security/fingerprint/index.js';
import { fakeAudio, fakeFontLayout, fakeScreen, jsdomDom, setWindow } from './dom-fakes.js';

function refusal(options: unknown): unknown {
  try {
    validateFingerprintOptions(options as FingerprintOptions);
  } catch (error) {
    return error;
  }
  return undefined;
}

const source = (extra: Record<string, unknown>) => ({ name: 's', needsDom: false, collect: () => 1, ...extra });

describe('validateFingerprintOptions refuses with the field, the value and why', () => {
  const cases: [string, unknown, string, unknown, string][] = [
    ['a zero font test width', { fontTestWidthPx: 0 }, 'fontTestWidthPx', 0, 'fontTestWidthPx must be a positive finite number'],
    ['a font test width as text', { fontTestWidthPx: '10' }, 'fontTestWidthPx', '10', 'fontTestWidthPx must be a positive finite number'],
    [
      'an infinite font test width',
      { fontTestWidthPx: Infinity },
      'fontTestWidthPx',
      Infinity,
      'fontTestWidthPx must be a positive finite number',
    ],
    [
      'an audio time-out as text',
      { audioTimeoutMs: '5' },
      'audioTimeoutMs',
      '5',
      'audioTimeoutMs must be a positive, finite number of ms up to 2147483647',
    ],
    ['a time zone that is not a function', { timeZone: 'UTC' }, 'timeZone', 'UTC', 'timeZone must be a function'],
    ['fonts that are not an array', { fonts: 'Arial' }, 'fonts', 'Arial', 'fonts must be an array of font names'],
    ['a font that is not a string', { fonts: [42] }, 'fonts[0]', 42, 'fonts[0] must be a non-empty font name'],
    ['an empty font name', { fonts: [''] }, 'fonts[0]', '', 'fonts[0] must be a non-empty font name'],
    ['sources that are not an array', { sources: {} }, 'sources', {}, 'sources must be an array of sources'],
    ['a source that is null', { sources: [null] }, 'sources[0]', null, 'sources[0] must be a source object'],
    ['a source that is a string', { sources: ['audio'] }, 'sources[0]', 'audio', 'sources[0] must be a source object'],
    [
      'a source without a name',
      { sources: [source({ name: undefined })] },
      'sources[0].name',
      undefined,
      'sources[0].name must be a non-empty string',
    ],
    [
      'a source with an empty name',
      { sources: [source({ name: '' })] },
      'sources[0].name',
      '',
      'sources[0].name must be a non-empty string',
    ],
    [
      'two sources with one name',
      { sources: [source({}), source({})] },
      'sources[1].name',
      's',
      'sources[1].name is used by another source',
    ],
    [
      'needsDom that is not a boolean',
      { sources: [source({ needsDom: 'yes' })] },
      'sources[0].needsDom',
      'yes',
      'sources[0].needsDom must be a boolean',
    ],
    [
      'collect that is not a function',
      { sources: [source({ collect: 1 })] },
      'sources[0].collect',
      1,
      'sources[0].collect must be a function',
    ],
    [
      'a negative source time-out',
      { sources: [source({ timeoutMs: -1 })] },
      'sources[0].timeoutMs',
      -1,
      'sources[0].timeoutMs must be a positive, finite number of ms up to 2147483647',
    ],
  ];
  it.each(cases)('%s', (_label, options, field, value, message) => {
    const error = refusal(options);
    expect(error).toBeInstanceOf(FingerprintError);
    expect(error).toMatchObject({ code: 'FINGERPRINT_INVALID_OPTION', msg: message, extra: { field, value } });
  });

  it('options that are not an object are an InvalidArgumentError', () => {
    expect(refusal(null)).toBeInstanceOf(InvalidArgumentError);
    expect(refusal('x')).toBeInstanceOf(InvalidArgumentError);
  });

  it('accepts the edges: no options, the smallest sizes and times, sources with unique names', () => {
    expect(refusal({})).toBeUndefined();
    expect(
      refusal({
        fontTestWidthPx: 0.5,
        audioTimeoutMs: 1,
        screenFrameRefreshMs: 2147483647,
        timeZone: () => 'UTC',
        fonts: ['A'],
        sources: [source({ name: 'a' }), source({ name: 'b', needsDom: true, timeoutMs: 1 })],
      }),
    ).toBeUndefined();
  });
});

describe('defaultSources', () => {
  it('are the eight default sources, in order, from the options given', () => {
    const sources = defaultSources();
    expect(sources.map((s) => [s.name, s.needsDom])).toEqual([
      ['userAgent', false],
      ['screen', true],
      ['timeZone', false],
      ['languages', false],
      ['canvas', true],
      ['fonts', true],
      ['audio', true],
      ['hardware', true],
    ]);
  });

  it('pass the fonts, the test width and the time zone on to their sources', async () => {
    const dom = jsdomDom();
    // Exkit Sans is installed but not among the default candidates: only the fonts option makes it probed.
    const { boxes } = fakeFontLayout(dom, new Set(['Exkit Sans', 'Verdana']));
    fakeAudio(dom);
    const fingerprint = await collectFingerprint(memoryPlatform({ dom }), {
      fonts: ['Exkit Sans', 'Nope'],
      fontTestWidthPx: 777,
      timeZone: () => 'Pacific/Auckland',
    });
    expect(fingerprint.components.fonts).toEqual(['Exkit Sans']);
    expect(boxes[0]).toEqual({ width: '777px', left: '-777px' });
    expect(fingerprint.components.timeZone).toMatchObject({ timeZone: 'Pacific/Auckland' });
  });

  it('give the screen source the frame the fingerprinter watched', async () => {
    const dom = jsdomDom();
    const screen = fakeScreen({ availHeight: 1000 });
    setWindow(dom, 'screen', screen);
    const platform = memoryPlatform({ dom });
    const fingerprinter = createFingerprinter(platform, { sources: undefined });
    screen.availHeight = 1080; // now full screen
    expect((await fingerprinter.collect()).components.screen).toMatchObject({ frame: [0, 0, 80, 0] });
    fingerprinter.dispose();
  });
});

describe('createFingerprinter arguments', () => {
  it('a platform without timers is an InvalidArgumentError naming platform.timers', () => {
    const { timers: _timers, ...noTimers } = memoryPlatform();
    expect(() => createFingerprinter(noTimers as never)).toThrow(InvalidArgumentError);
    expect(() => createFingerprinter(noTimers as never)).toThrow(/createFingerprinter: platform\.timers must be an object/);
  });

  it('options that are not an object are an InvalidArgumentError naming createFingerprinter', () => {
    expect(() => createFingerprinter(memoryPlatform(), 'x' as never)).toThrow(/createFingerprinter: options must be an object/);
  });

  it('custom sources are collected as given, and dispose stops the screen watch', async () => {
    const dom = jsdomDom();
    setWindow(dom, 'screen', fakeScreen());
    const platform = memoryPlatform({ dom });
    const mine: FingerprintSource = { name: 'mine', needsDom: false, collect: () => 'v' };
    const fingerprinter = createFingerprinter(platform, { sources: [mine] });
    expect(platform.timers.pendingCount).toBe(1);
    expect((await fingerprinter.collect()).components).toEqual({ mine: 'v' });
    fingerprinter.dispose();
    expect(platform.timers.pendingCount).toBe(0);
  });
});

describe('failed sources say why', () => {
  it('an Error without a message is reported by its name; a thrown non-Error as text', async () => {
    const nameless = new TypeError('');
    const fingerprint = await collectFingerprint(memoryPlatform(), {
      sources: [
        source({
          name: 'nameless',
          collect: () => {
            throw nameless;
          },
        }) as FingerprintSource,
        source({ name: 'text', collect: () => Promise.reject('no luck') }) as FingerprintSource,
      ],
    });
    expect(fingerprint.sources.nameless).toEqual({ status: 'failed', reason: 'TypeError', error: nameless });
    expect(fingerprint.sources.text).toEqual({ status: 'failed', reason: 'no luck', error: 'no luck' });
  });

  it('a value that cannot be serialised fails with the serialiser message', async () => {
    const fingerprint = await collectFingerprint(memoryPlatform(), {
      sources: [source({ name: 'fn', collect: () => ({ f: () => 1 }) }) as FingerprintSource],
    });
    expect(fingerprint.sources.fn).toMatchObject({ status: 'failed', reason: 'cannot serialise a function at $.f' });
  });

  it('a plain source sees the DOM when there is one', async () => {
    const dom = jsdomDom();
    let seen: unknown;
    await collectFingerprint(memoryPlatform({ dom }), {
      sources: [source({ collect: (context: { dom: unknown }) => void (seen = context.dom) }) as FingerprintSource],
    });
    expect(seen).toBe(dom);
  });
});

describe('a source without a time-out', () => {
  it('is waited for as long as it takes, never reported as timed out', async () => {
    const platform = memoryPlatform();
    const slow = source({
      name: 'slow',
      collect: () => new Promise((resolve) => platform.timers.setTimeout(() => resolve('late'), 60_000)),
    });
    const result = collectFingerprint(platform, { sources: [slow as FingerprintSource] });
    await platform.advanceAsync(60_000);
    const fingerprint = await result;
    expect(fingerprint.sources.slow).toEqual({ status: 'ok' });
    expect(fingerprint.components.slow).toBe('late');
  });
});

describe('canonicalJson edges', () => {
  it('writes objects without a prototype like plain ones', () => {
    const bare = Object.assign(Object.create(null) as Record<string, unknown>, { b: 2, a: 1 });
    expect(canonicalJson(bare)).toBe('{"a":1,"b":2}');
  });

  it('says what it cannot serialise and where', () => {
    const messages: [unknown, string][] = [
      [{ s: Symbol('x') }, 'cannot serialise a symbol at $.s'],
      [{ a: [Number.NaN] }, 'cannot serialise NaN at $.a[0]'],
      [[undefined], 'cannot serialise undefined at $[0]'],
      [{ d: new Date(0) }, 'cannot serialise a non-plain object at $.d'],
    ];
    for (const [value, message] of messages) {
      expect(() => canonicalJson(value)).toThrow(expect.objectContaining({ msg: message }));
    }
    const cyclic: unknown[] = [];
    cyclic.push([cyclic]);
    expect(() => canonicalJson(cyclic)).toThrow(expect.objectContaining({ msg: 'cannot serialise a cycle at $[0][0]' }));
  });

  it('a value whose getter throws is an InvalidArgumentError naming canonicalJson', () => {
    const hostile = {
      get boom() {
        throw new Error('no');
      },
    };
    expect(() => canonicalJson(hostile)).toThrow(InvalidArgumentError);
    expect(() => canonicalJson(hostile)).toThrow(/canonicalJson: value must be a value whose fields can be read/);
  });
});

describe('terminal-code checks at their bounds', () => {
  it('a code is 32 to 128 lower-case hex characters, nothing before or after', () => {
    expect(isValidTerminalCode('a'.repeat(31))).toBe(false);
    expect(isValidTerminalCode('a'.repeat(32))).toBe(true);
    expect(isValidTerminalCode('0123456789abcdef'.repeat(8))).toBe(true);
    expect(isValidTerminalCode('a'.repeat(129))).toBe(false);
    expect(isValidTerminalCode(`g${'a'.repeat(40)}`)).toBe(false);
    expect(isValidTerminalCode(`${'a'.repeat(40)}g`)).toBe(false);
    expect(isValidTerminalCode(`${'a'.repeat(40)}\n`)).toBe(false);
    expect(isValidTerminalCode(`${'a'.repeat(40)} `)).toBe(false);
  });

  it('the known-bad prefix counts only at the start', () => {
    expect(isValidTerminalCode(`aa787f01ff${'0'.repeat(30)}`)).toBe(true);
  });

  it('hashComponents refuses a hash that is not a function, naming it', () => {
    expect(() => hashComponents({}, 'sha256' as never)).toThrow(InvalidArgumentError);
    expect(() => hashComponents({}, 'sha256' as never)).toThrow(/hashComponents: hash must be a function/);
  });

  it('hashComponents hands the canonical text to the hash given', () => {
    expect(hashComponents({ b: 1, a: 2 }, (text) => `<${text}>`)).toBe('<{"a":2,"b":1}>');
  });
});

describe('argument errors name the function they come from', () => {
  const platform = memoryPlatform();
  it.each([
    ['collectFingerprint', () => collectFingerprint(platform, null as never), 'collectFingerprint: options must be an object'],
    ['createFingerprinter', () => createFingerprinter(platform, null as never), 'createFingerprinter: options must be an object'],
    ['defaultSources', () => defaultSources(null as never), 'defaultSources: options must be an object'],
    [
      'validateFingerprintOptions',
      () => validateFingerprintOptions(null as never),
      'validateFingerprintOptions: options must be an object',
    ],
    ['audioSource', () => audioSource(null as never), 'audioSource: options must be an object'],
    ['fontsSource', () => fontsSource(null as never), 'fontsSource: options must be an object'],
    ['screenSource', () => screenSource(null as never), 'screenSource: options must be an object'],
    ['timeZoneSource', () => timeZoneSource(null as never), 'timeZoneSource: options must be an object'],
    ['readScreenFrame', () => readScreenFrame({} as never), 'readScreenFrame: dom.window must be an object'],
    ['isEmptyFrame', () => isEmptyFrame(null as never), 'isEmptyFrame: frame must be an object'],
    ['screenFrame$ platform', () => screenFrame$({} as never), 'screenFrame$: platform.timers must be an object'],
    ['screenFrame$ refresh', () => screenFrame$(platform, 0), 'screen frame: refreshMs must be a positive, finite number of ms'],
  ])('%s', async (_name, call, message) => {
    let error: unknown;
    try {
      await call();
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(InvalidArgumentError);
    expect((error as InvalidArgumentError).msg.startsWith(message)).toBe(true);
  });
});

describe('screen frame stream edges', () => {
  it('without a DOM the stream completes at once, with no value, no error and no timer', () => {
    const platform = memoryPlatform();
    const seen: string[] = [];
    screenFrame$(platform).subscribe({
      next: () => seen.push('value'),
      error: () => seen.push('error'),
      complete: () => seen.push('complete'),
    });
    expect(seen).toEqual(['complete']);
    expect(platform.timers.pendingCount).toBe(0);
  });

  it('a window without a screen gives no frame, and no error, at start or at a refresh', () => {
    const dom = jsdomDom();
    setWindow(dom, 'screen', undefined);
    const platform = memoryPlatform({ dom });
    const seen: string[] = [];
    const subscription = screenFrame$(platform, 100).subscribe({ next: () => seen.push('value'), error: () => seen.push('error') });
    platform.advance(100);
    expect(seen).toEqual([]);
    expect(platform.timers.pendingCount).toBe(1);
    subscription.unsubscribe();
  });
});

describe('where the terminal code lives', () => {
  it('every tab and every version share the storage names of the code and of its computing marker', () => {
    expect(TERMINAL_CODE_KEY).toBe('terminalCode');
    expect(TERMINAL_CODE_PENDING_KEY).toBe('terminalCodePending');
  });

  it('a value that only looks like a code once turned into text is not one', () => {
    expect(isValidTerminalCode(['a'.repeat(32)])).toBe(false);
    expect(isValidTerminalCode({ toString: () => 'a'.repeat(32) })).toBe(false);
  });
});
