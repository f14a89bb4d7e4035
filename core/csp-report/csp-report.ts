import { Observable, filter, map } from 'rxjs';
import type { Subscription } from 'rxjs';
import type { HttpClient } from '../http/client.js';
import type { DomPort, Platform } from '../platform/types.js';
import { expectObjectWith, expectString, invalidArgument, readGuarded, readRecord } from '../validate/describe-value.js';

/** Spec §S7: where CSP violations are reported. */
export const CSP_REPORT_PATH = '/v1/buried/log/cspSecurity';

/** The bizType sent with every report; the seed names the field, not its value, so it names the log. */
export const CSP_REPORT_BIZ_TYPE = 'cspSecurity';

/**
 * The seed sets no limit; a page that violates its policy in a loop must not flood the log, so at most
 * this many reports leave a page per window, and each distinct violation leaves once.
 */
export const CSP_REPORT_MAX_PER_WINDOW = 5;
export const CSP_REPORT_WINDOW_MS = 60_000;
/** How many distinct violations a page remembers for de-duplication before it forgets the oldest. */
export const CSP_REPORT_MEMORY = 200;

/** The fields of a SecurityPolicyViolationEvent that identify and explain a violation. */
export interface CspViolation {
  blockedURI: string;
  violatedDirective: string;
  effectiveDirective: string;
  sourceFile: string;
  lineNumber: number;
  columnNumber: number;
  disposition: string;
  statusCode: number;
  sample: string;
}

/** Spec §S7: the body of POST /v1/buried/log/cspSecurity. */
export interface CspReportBody {
  bizType: string;
  data: { event: CspViolation; reason: string };
  timestamp: number;
  page: string;
}

export interface CspReportingOptions {
  /** The exchange's HTTP client (`createHttpClient`); only its `post` is used. */
  http: Pick<HttpClient, 'post'>;
  /** Default `CSP_REPORT_PATH`. */
  path?: string;
  /** Default `CSP_REPORT_BIZ_TYPE`. */
  bizType?: string;
  /** Default `CSP_REPORT_MAX_PER_WINDOW`. */
  maxPerWindow?: number;
  /** Default `CSP_REPORT_WINDOW_MS`. */
  windowMs?: number;
}

function text(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

function count(value: unknown): number {
  // Number.isFinite is false for every non-number.
  return Number.isFinite(value) ? (value as number) : 0;
}

/** The violation fields of a `securitypolicyviolation` event (missing ones empty or 0). */
export function toCspViolation(event: Event): CspViolation {
  if (typeof event !== 'object' || event === null)
    throw invalidArgument('event', 'a securitypolicyviolation event', event, 'toCspViolation');
  const e = event as Partial<Record<keyof CspViolation, unknown>>;
  return readGuarded('event', 'an event whose fields can be read', event, 'toCspViolation', () => ({
    blockedURI: text(e.blockedURI),
    violatedDirective: text(e.violatedDirective),
    effectiveDirective: text(e.effectiveDirective) || text(e.violatedDirective),
    sourceFile: text(e.sourceFile),
    lineNumber: count(e.lineNumber),
    columnNumber: count(e.columnNumber),
    disposition: text(e.disposition),
    statusCode: count(e.statusCode),
    sample: text(e.sample),
  }));
}

/** A one-line reason: which directive blocked what. */
export function cspReason(violation: CspViolation): string {
  violation = toCspViolation(violation as unknown as Event);
  const directive = violation.effectiveDirective || violation.violatedDirective || 'unknown-directive';
  const blocked = violation.blockedURI || 'inline';
  return `${directive} blocked ${blocked}`;
}

/** What makes two violations the same report: directive, blocked resource and source position. */
export function cspViolationKey(violation: CspViolation): string {
  violation = toCspViolation(violation as unknown as Event);
  return [violation.effectiveDirective, violation.blockedURI, violation.sourceFile, violation.lineNumber, violation.columnNumber].join('|');
}

/** The page a report names: origin and path only, since a query may carry tokens or referral codes. */
export function cspReportPage(href: string): string {
  expectString('href', href, 'cspReportPage');
  try {
    const url = new URL(href);
    return `${url.origin}${url.pathname}`;
  } catch {
    return href.split(/[?#]/)[0]!;
  }
}

/** The page's CSP violations as a stream. */
export function cspViolations$(dom: DomPort): Observable<CspViolation> {
  return new Observable<Event>((subscriber) => {
    const listener = (event: Event) => subscriber.next(event);
    dom.document.addEventListener('securitypolicyviolation', listener);
    return () => dom.document.removeEventListener('securitypolicyviolation', listener);
  }).pipe(map(toCspViolation));
}

/** Keeps each distinct violation once, remembering at most `memory` of them. */
function firstSighting(memory: number): (violation: CspViolation) => boolean {
  const seen = new Set<string>();
  return (violation) => {
    const key = cspViolationKey(violation);
    if (seen.has(key)) return false;
    seen.add(key);
    if (seen.size > memory) seen.delete(seen.values().next().value as string);
    return true;
  };
}

/** Lets at most `max` items through in any `windowMs`, by the platform clock; the rest are dropped. */
function withinRate(platform: Platform, max: number, windowMs: number): () => boolean {
  const sent: number[] = [];
  return () => {
    const now = platform.clock.now();
    // With nothing sent, sent[0] is undefined, and undefined <= any number is false: the loop stops.
    while ((sent[0] as number) <= now - windowMs) sent.shift();
    if (sent.length >= max) return false;
    sent.push(now);
    return true;
  };
}

/**
 * Reports the page's CSP violations to the log (spec §S7), each distinct one once and at most
 * `maxPerWindow` per window. Returns a function that stops listening. Does nothing without a DOM.
 */
export function startCspReporting(platform: Platform, options: CspReportingOptions): () => void {
  options = readRecord('options', options, 'startCspReporting');
  expectObjectWith('platform', platform, 'startCspReporting', ['clock', 'location']);
  const dom = platform.dom;
  if (!dom) return () => undefined;
  const fresh = firstSighting(CSP_REPORT_MEMORY);
  const allowed = withinRate(platform, options.maxPerWindow ?? CSP_REPORT_MAX_PER_WINDOW, options.windowMs ?? CSP_REPORT_WINDOW_MS);
  const subscription: Subscription = cspViolations$(dom)
    .pipe(
      filter(fresh),
      filter(() => allowed()),
    )
    .subscribe((violation) => {
      const body: CspReportBody = {
        bizType: options.bizType ?? CSP_REPORT_BIZ_TYPE,
        data: { event: violation, reason: cspReason(violation) },
        timestamp: platform.clock.now(),
        page: cspReportPage(platform.location.href),
      };
      // A report that fails is dropped without a toast: reporting the failure could itself loop, and a
      // background log is no concern of the user's. Distinct reports never cancel one another.
      try {
        options.http.post(options.path ?? CSP_REPORT_PATH, { ...body }, { silent: true, cancelDuplicates: false }).catch(() => undefined);
      } catch {
        // A client that throws synchronously is treated like one that rejects.
      }
    });
  return () => subscription.unsubscribe();
}
