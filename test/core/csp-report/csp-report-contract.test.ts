// @vitest-environment jsdom
// The CSP report's pieces on their own: the constants, how a violation is read, explained and keyed, the page it
// names, the memory of distinct violations, the options, and each refusal.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { memoryPlatform } from '../../../core/platform/memory-platform.js';
import type { DomPort } from '../../../core/platform/types.js';
import {
  cspReason,
  cspReportPage,
  cspViolationKey,
  cspViolations$,
  startCspReporting,
  toCspViolation,
  CSP_REPORT_BIZ_TYPE,
  CSP_REPORT_MAX_PER_WINDOW,
  CSP_REPORT_MEMORY,
  CSP_REPORT_WINDOW_MS,
} from '../../../core/csp-report/index.js';
import type { CspReportBody, CspViolation } from '../../../core/csp-report/index.js';
import type { HttpClient } from '../../../core/http/index.js';
import { invalid } from '../../support/invalid-argument.js';

const dom: DomPort = { window, document };

function violate(fields: Record<string, unknown>): void {
  const event = new window.Event('securitypolicyviolation');
  Object.assign(event, { effectiveDirective: 'img-src', blockedURI: 'https://a.test/x.png', ...fields });
  document.dispatchEvent(event);
}

const running: (() => void)[] = [];
afterEach(() => running.splice(0).forEach((stop) => stop()));

function report(options: Record<string, unknown> = {}) {
  const platform = memoryPlatform({ dom, href: 'https://app.test/p' });
  const sent: { path: string; body: CspReportBody }[] = [];
  const post = async (path: string, body: unknown) => void sent.push({ path, body: body as CspReportBody });
  running.push(startCspReporting(platform, { http: { post } as unknown as Pick<HttpClient, 'post'>, ...options }));
  return { platform, sent };
}

describe('the CSP report constants', () => {
  it('bizType cspSecurity, 5 reports a minute, 200 violations remembered', () => {
    expect(CSP_REPORT_BIZ_TYPE).toBe('cspSecurity');
    expect(CSP_REPORT_MAX_PER_WINDOW).toBe(5);
    expect(CSP_REPORT_WINDOW_MS).toBe(60_000);
    expect(CSP_REPORT_MEMORY).toBe(200);
  });
});

describe('toCspViolation', () => {
  it('missing or mistyped fields read as empty text or 0', () => {
    expect(toCspViolation({ lineNumber: Infinity, columnNumber: '3', statusCode: Number.NaN, blockedURI: 1 } as never)).toEqual({
      blockedURI: '',
      violatedDirective: '',
      effectiveDirective: '',
      sourceFile: '',
      lineNumber: 0,
      columnNumber: 0,
      disposition: '',
      statusCode: 0,
      sample: '',
    });
  });

  it('an empty effective directive falls back to the violated one', () => {
    expect(toCspViolation({ violatedDirective: 'style-src', effectiveDirective: '' } as never).effectiveDirective).toBe('style-src');
    expect(toCspViolation({ violatedDirective: 'style-src', effectiveDirective: 'style-src-attr' } as never).effectiveDirective).toBe(
      'style-src-attr',
    );
  });

  it('keeps every field as the event gives it', () => {
    const fields: CspViolation = {
      blockedURI: 'eval',
      violatedDirective: 'script-src',
      effectiveDirective: 'script-src',
      sourceFile: 'https://app.test/a.js',
      lineNumber: 3,
      columnNumber: 9,
      disposition: 'report',
      statusCode: 404,
      sample: 'eval(x)',
    };
    expect(toCspViolation(fields as never)).toEqual(fields);
  });

  it('a value that is not an event, or whose fields cannot be read, is refused naming event', () => {
    expect(() => toCspViolation(null as never)).toThrow(
      invalid('event', 'toCspViolation: event must be a securitypolicyviolation event, got null'),
    );
    expect(() => toCspViolation('x' as never)).toThrow(invalid('event'));
    const hostile = Object.defineProperty({}, 'blockedURI', {
      get() {
        throw new Error('trap');
      },
    });
    expect(() => toCspViolation(hostile as never)).toThrow(invalid('event', expect.stringContaining('an event whose fields can be read')));
  });
});

describe('cspReason and cspViolationKey', () => {
  it('the reason names the effective directive, else the violated one, else an unknown one; inline when nothing was blocked', () => {
    expect(cspReason({ effectiveDirective: 'a', violatedDirective: 'b', blockedURI: 'u' } as never)).toBe('a blocked u');
    expect(cspReason({ violatedDirective: 'b' } as never)).toBe('b blocked inline');
    expect(cspReason({} as never)).toBe('unknown-directive blocked inline');
  });

  it('the key joins directive, blocked resource, file, line and column', () => {
    expect(
      cspViolationKey({ effectiveDirective: 'd', blockedURI: 'u', sourceFile: 'f', lineNumber: 1, columnNumber: 2, sample: 'x' } as never),
    ).toBe('d|u|f|1|2');
    expect(cspViolationKey({} as never)).toBe('|||0|0');
  });
});

describe('cspReportPage', () => {
  it('an absolute URL keeps origin and path; anything else is cut at ? or #', () => {
    expect(cspReportPage('https://app.test:8443/a?b#c')).toBe('https://app.test:8443/a');
    expect(cspReportPage('/x#y?z')).toBe('/x');
    expect(cspReportPage('')).toBe('');
  });

  it('a page that is not text is refused naming href', () => {
    expect(() => cspReportPage(1 as never)).toThrow(invalid('href', 'cspReportPage: href must be a string, got 1'));
  });
});

describe('cspViolations$', () => {
  it('emits each violation event of the document as its fields, until unsubscribed', () => {
    const seen: string[] = [];
    const sub = cspViolations$(dom).subscribe((v) => seen.push(v.blockedURI));
    violate({ blockedURI: 'one' });
    sub.unsubscribe();
    violate({ blockedURI: 'two' });
    expect(seen).toEqual(['one']);
  });
});

describe('cspViolations$ listener', () => {
  it('is added and removed by its event name', () => {
    const target = new EventTarget();
    const add = vi.spyOn(target, 'addEventListener');
    const remove = vi.spyOn(target, 'removeEventListener');
    cspViolations$({ window, document: target as Document })
      .subscribe(() => undefined)
      .unsubscribe();
    expect(add.mock.calls.map(([type]) => type)).toEqual(['securitypolicyviolation']);
    expect(remove.mock.calls).toEqual([['securitypolicyviolation', add.mock.calls[0]![1]]]);
  });
});

describe('startCspReporting: options and memory', () => {
  it('takes its own path and bizType', () => {
    const { sent } = report({ path: '/v2/csp', bizType: 'web' });
    violate({});
    expect(sent).toEqual([expect.objectContaining({ path: '/v2/csp', body: expect.objectContaining({ bizType: 'web' }) })]);
  });

  it('remembers 200 distinct violations, then forgets the oldest', () => {
    const { sent } = report({ maxPerWindow: 1_000 });
    for (let i = 1; i <= 200; i++) violate({ blockedURI: `u${i}` });
    violate({ blockedURI: 'u1' });
    expect(sent).toHaveLength(200);
    violate({ blockedURI: 'u201' });
    violate({ blockedURI: 'u1' });
    violate({ blockedURI: 'u3' });
    expect(sent.slice(200).map((s) => s.body.data.event.blockedURI)).toEqual(['u201', 'u1']);
  });

  it('a repeated violation does not use up the rate', () => {
    const { sent } = report({ maxPerWindow: 2 });
    violate({ blockedURI: 'a' });
    violate({ blockedURI: 'a' });
    violate({ blockedURI: 'b' });
    expect(sent.map((s) => s.body.data.event.blockedURI)).toEqual(['a', 'b']);
  });

  it('options that are not an object, or a platform without a clock, are refused', () => {
    expect(() => startCspReporting(memoryPlatform({ dom }), null as never)).toThrow(invalid('options'));
    expect(() => startCspReporting({ location: {} } as never, { http: { post: () => Promise.resolve() } } as never)).toThrow(
      invalid('platform.clock'),
    );
  });
});
