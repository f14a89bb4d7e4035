import { InvalidAppSchemeError } from './errors.js';
import type { ContentLogger } from './logger.js';
import { consoleContentLogger } from './logger.js';
import { describeValue, expectArray, readRecord } from '../validate/describe-value.js';
import { createListCache } from './list-cache.js';

// Spec §S5: the schemes a link may use, besides image data URLs and the configured app schemes.
export const ALLOWED_LINK_SCHEMES: readonly string[] = ['http', 'https', 'mailto', 'tel', 'blob', 'ftp', 'market'];

// Spec §S5 ("image data"): raster image types only. SVG is left out on purpose: an SVG document can carry script.
export const ALLOWED_DATA_IMAGE_TYPES: readonly string[] = [
  'image/png',
  'image/jpeg',
  'image/jpg',
  'image/gif',
  'image/webp',
  'image/avif',
  'image/bmp',
  'image/x-icon',
  'image/vnd.microsoft.icon',
];

// Schemes that run code or read local files: refused even when a caller lists them as app schemes.
const NEVER_APP_SCHEMES = new Set([
  'javascript',
  'vbscript',
  'livescript',
  'mocha',
  'data',
  'file',
  'filesystem',
  'about',
  'view-source',
  'jar',
  'mhtml',
  'ms-its',
]);

/** Where a link points, as a browser would read it. */
export type HrefKind = 'absolute' | 'protocol-relative' | 'root-relative' | 'relative' | 'query' | 'fragment';

export interface SanitizeHrefOptions {
  /** The exchange's and partner apps' own URL schemes (spec §S5), without the colon, e.g. ['exkit']. */
  appSchemes?: readonly string[];
  /** Receives a warning for every blocked href. Default console.warn; `silentContentLogger` drops it. */
  logger?: Pick<ContentLogger, 'warn'>;
}

/** The decision on one href: the href to use, or why it was blocked. */
export type HrefVerdict = { allowed: true; href: string; kind: HrefKind; scheme: string | undefined } | { allowed: false; reason: string };

// What the WHATWG URL parser drops before it reads a scheme: leading/trailing C0 controls and spaces, and
// every tab, line feed and carriage return anywhere.
// eslint-disable-next-line no-control-regex -- matching C0 controls is the point: the URL parser trims them.
const EDGE_C0 = /^[\u0000-\u0020]+|[\u0000-\u0020]+$/g;
const TAB_OR_NEWLINE = /[\t\n\r]/g;
// For deciding only: anything invisible that some parser, old or new, might skip inside a scheme.
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Z}\p{Default_Ignorable_Code_Point}]/gu;
const SCHEME = /^([a-zA-Z][a-zA-Z0-9+.-]*):/;
const SCHEME_SYNTAX = /^[a-z][a-z0-9+.-]*$/;
const ENTITY = /&(?:#(\d+)|#[xX]([0-9a-fA-F]+)|([a-zA-Z][a-zA-Z0-9]*));?/g;
const PERCENT = /%([0-9a-fA-F]{2})/g;
// Named references that yield a character a scheme could be built from (or that hide another reference).
// Names are matched in any case and without the semicolon, and &hyphen; and &dash; (U+2010 in HTML) are read
// as '-': each a stricter reading than the HTML parser's, so never one that lets more through.
const NAMED_ENTITIES: Readonly<Record<string, string>> = {
  colon: ':',
  tab: '\t',
  newline: '\n',
  amp: '&',
  sol: '/',
  bsol: '\\',
  num: '#',
  percnt: '%',
  semi: ';',
  period: '.',
  plus: '+',
  hyphen: '-',
  dash: '-',
  nbsp: '\u00a0',
  lpar: '(',
  rpar: ')',
  quest: '?',
};
// Decoding rounds before an href counts as hostile nesting.
const MAX_DECODE_ROUNDS = 6;
// A base that only classifies relative hrefs; nothing is ever fetched from it.
const CLASSIFY_BASE = 'https://exkit-href.invalid/';

function decodeEntities(text: string): string {
  return text.replace(ENTITY, (whole, dec: string | undefined, hex: string | undefined, name: string | undefined) => {
    if (name !== undefined) return NAMED_ENTITIES[name.toLowerCase()] ?? whole;
    // The pattern gives one of the two digit strings; a number too long to be exact parses to Infinity or past
    // U+10FFFF, so NaN never arises. HTML reads NUL, a surrogate and anything past U+10FFFF as U+FFFD.
    const code = dec !== undefined ? Number.parseInt(dec, 10) : Number.parseInt(hex!, 16);
    if (code <= 0 || code >= 0x110000 || (code >= 0xd800 && code <= 0xdfff)) return '\ufffd';
    return String.fromCodePoint(code);
  });
}

function decodePercent(text: string): string {
  return text.replace(PERCENT, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

function isAllowedDataUrl(afterScheme: string): boolean {
  const comma = afterScheme.indexOf(',');
  // Stryker disable next-line EqualityOperator: a comma at 0 leaves an empty media type, which the list refuses too.
  if (comma < 0) return false;
  const mediaType = afterScheme.slice(0, comma).split(';')[0]!.trim().toLowerCase();
  return ALLOWED_DATA_IMAGE_TYPES.includes(mediaType);
}

/** Why `candidate` must be blocked, or null when its scheme (if any) is allowed. */
function schemeProblem(candidate: string, schemes: ReadonlySet<string>): string | null {
  return compactSchemeProblem(candidate.replace(INVISIBLE, ''), schemes);
}

/** schemeProblem for a string that holds nothing invisible (nothing for INVISIBLE to remove). */
function compactSchemeProblem(compact: string, schemes: ReadonlySet<string>): string | null {
  const match = SCHEME.exec(compact);
  if (!match) return null;
  const scheme = match[1]!.toLowerCase();
  if (scheme === 'data') return isAllowedDataUrl(compact.slice(5)) ? null : 'data URL that is not a raster image';
  return schemes.has(scheme) ? null : `scheme '${scheme}' is not allowed`;
}

function kindOf(href: string): HrefKind {
  if (SCHEME.test(href)) return 'absolute';
  if (/^[\\/]{2}/.test(href)) return 'protocol-relative';
  if (/^[\\/]/.test(href)) return 'root-relative';
  if (href.startsWith('#')) return 'fragment';
  if (href.startsWith('?')) return 'query';
  return 'relative';
}

const schemeSets = createListCache<ReadonlySet<string>>();
const defaultSchemes: ReadonlySet<string> = new Set(ALLOWED_LINK_SCHEMES);

/** The allowed schemes for a list of app schemes; throws InvalidAppSchemeError for a dangerous or malformed one. */
export function allowedSchemes(appSchemes: readonly string[] | undefined): ReadonlySet<string> {
  if (appSchemes === undefined || appSchemes === null) return defaultSchemes;
  expectArray('appSchemes', appSchemes, 'sanitizeHref', 'an array of app schemes');
  if (appSchemes.length === 0) return defaultSchemes;
  return schemeSets.get(appSchemes, () => schemeSetOf(appSchemes));
}

function schemeSetOf(appSchemes: readonly string[]): ReadonlySet<string> {
  const set = new Set(ALLOWED_LINK_SCHEMES);
  for (const raw of appSchemes) {
    const scheme = typeof raw === 'string' ? raw.replace(/:$/, '').toLowerCase() : undefined;
    if (scheme === undefined || !SCHEME_SYNTAX.test(scheme) || NEVER_APP_SCHEMES.has(scheme)) {
      throw new InvalidAppSchemeError(`Not an acceptable app scheme: ${describeValue(raw)}`, { field: 'appSchemes', value: raw });
    }
    set.add(scheme);
  }
  return set;
}

// Printable ASCII without '&' or '%' and without spaces: nothing to decode and nothing invisible, so the string
// itself is the only reading (the common case, checked first for speed).
const PLAIN = /^[!#$'-;=?-~"]*$/;

/**
 * Why an href must be blocked under any reading a consumer might apply on the way (HTML entity decoding by
 * innerHTML, percent-decoding by a router), checked at each step until decoding changes nothing; else null.
 */
function decodedProblem(href: string, schemes: ReadonlySet<string>): string | null {
  let candidate = href;
  for (let round = 0; round <= MAX_DECODE_ROUNDS; round++) {
    // innerHTML decodes the entities, then the URL parser drops every tab and line break, which can close up a
    // percent escape split by an encoded one ('javascript%&Tab;3A' becomes 'javascript%3A' for a router).
    const entities = decodeEntities(candidate).replace(TAB_OR_NEWLINE, '');
    const next = decodePercent(entities);
    for (const reading of new Set([candidate, entities, decodePercent(candidate), next])) {
      const problem = schemeProblem(reading, schemes);
      if (problem) return problem;
    }
    if (next === candidate) return null;
    candidate = next;
  }
  return 'nested encoding';
}

/** An allowed href together with the URL it parses to (relative ones resolved against a placeholder base). */
export interface ParsedHref {
  verdict: HrefVerdict;
  url: URL | undefined;
}

/** inspectHref plus the parsed URL, for the link helpers in this folder. */
export function parseHref(href: unknown, appSchemes: readonly string[] | undefined): ParsedHref {
  if (typeof href !== 'string') return { verdict: { allowed: false, reason: 'not a string' }, url: undefined };
  const schemes = allowedSchemes(appSchemes);
  const plain = PLAIN.test(href);
  // What a browser's URL parser sees when the string is set as an attribute value (React, setAttribute). A plain
  // string holds no control character or space, so there is nothing to strip.
  const cleaned = plain ? href : href.replace(EDGE_C0, '').replace(TAB_OR_NEWLINE, '');
  if (cleaned === '') return { verdict: { allowed: false, reason: 'empty' }, url: undefined };
  if (plain) {
    // Printable ASCII only: nothing invisible to compact away either.
    const problem = compactSchemeProblem(href, schemes);
    if (problem) return { verdict: { allowed: false, reason: problem }, url: undefined };
  } else {
    // The raw string and the one returned (whitespace removed, which can complete an entity such as
    // '&#\n9' into '&#9') must both be safe under every reading.
    const problem = decodedProblem(href, schemes) ?? (cleaned === href ? null : decodedProblem(cleaned, schemes));
    if (problem) return { verdict: { allowed: false, reason: problem }, url: undefined };
  }
  const kind = kindOf(cleaned);
  let url: URL;
  try {
    url = new URL(cleaned, CLASSIFY_BASE);
  } catch {
    return { verdict: { allowed: false, reason: 'not a parsable URL' }, url: undefined };
  }
  const scheme = kind === 'absolute' ? url.protocol.slice(0, -1) : undefined;
  // The parser's scheme must agree with the decision above. It always does: an absolute href starts with the ASCII
  // scheme the checks above already read, so this second lock never fires and no test can reach it.
  // Stryker disable next-line ConditionalExpression,BlockStatement: the lock never fires (a condition made true is killed).
  // A condition made false, or the body emptied, changes nothing.
  if (scheme !== undefined && scheme !== 'data' && !schemes.has(scheme)) {
    // Stryker disable next-line ObjectLiteral,BooleanLiteral,StringLiteral: the verdict of a lock that never fires.
    return { verdict: { allowed: false, reason: `scheme '${scheme}' is not allowed` }, url: undefined };
  }
  return { verdict: { allowed: true, href: cleaned, kind, scheme }, url };
}

/** Decides whether an href may be used (spec §S5) and how a browser reads it; never logs. */
export function inspectHref(href: unknown, options: Pick<SanitizeHrefOptions, 'appSchemes'> = {}): HrefVerdict {
  options = readRecord('options', options, 'inspectHref');
  return parseHref(href, options.appSchemes).verdict;
}

/** Returns the href when it is allowed (spec §S5) and null when blocked, warning through `logger` on a block. */
export function sanitizeHref(href: unknown, options: SanitizeHrefOptions = {}): string | null {
  options = readRecord('options', options, 'sanitizeHref');
  const verdict = inspectHref(href, options);
  if (verdict.allowed) return verdict.href;
  if (verdict.reason !== 'empty')
    (options.logger ?? consoleContentLogger).warn(`exkit: blocked an unsafe link (${verdict.reason})`, { href });
  return null;
}
