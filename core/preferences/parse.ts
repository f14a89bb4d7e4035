import { currency } from '../catalog/currencies.js';
import { findLanguage } from '../catalog/languages.js';
import { hasLocalePathPrefix } from '../catalog/locale-paths.js';
import { PREFERENCES_COOKIE_DEFAULTS } from '../catalog/settings.js';
import type { PreferencesCookie } from '../catalog/settings.js';
import { expectString, readRecord } from '../validate/describe-value.js';

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

/** The layouts a preferences cookie may hold (spec §S3 gives the default, right). */
export const PREFERENCE_LAYOUTS = ['left', 'right'] as const;

function bool(value: unknown): boolean | undefined {
  if (typeof value === 'boolean') return value;
  // Older cookies wrote flags as strings or 0/1.
  if (value === 'true' || value === 1 || value === '1') return true;
  if (value === 'false' || value === 0 || value === '0') return false;
  return undefined;
}

function locale(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  return findLanguage(value) !== undefined || hasLocalePathPrefix(value) ? value : undefined;
}

function unit(value: unknown): string | undefined {
  return typeof value === 'string' ? currency(value)?.code : undefined;
}

function theme(value: unknown): string | undefined {
  // Theme names end up as class names and attribute values: one word, no spaces.
  return typeof value === 'string' && /^[a-z][a-z0-9-]{0,31}$/i.test(value) ? value : undefined;
}

function layout(value: unknown): string | undefined {
  return (PREFERENCE_LAYOUTS as readonly unknown[]).includes(value) ? (value as string) : undefined;
}

function valuationUnit(value: unknown): number | undefined {
  const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : Number.NaN;
  return Number.isFinite(n) ? n : undefined;
}

/** The check of each preference field: the normalised value, or undefined when the value is not valid. */
export const PREFERENCE_FIELDS: { readonly [K in keyof PreferencesCookie]: (value: unknown) => PreferencesCookie[K] | undefined } = {
  language: locale,
  unit,
  showAsset: bool,
  theme,
  layout,
  valuationUnit,
  login: bool,
};

/** Reads whatever fields are valid from a decoded cookie value; the rest come from `defaults`. */
export function normalisePreferences(value: unknown, defaults: PreferencesCookie = PREFERENCES_COOKIE_DEFAULTS): PreferencesCookie {
  const out: Mutable<PreferencesCookie> = { ...readRecord('defaults', defaults, 'normalisePreferences') };
  try {
    // Object() of anything but an object (null, a string, a number) is a fresh object with none of the fields.
    const record = Object(value) as Record<string, unknown>;
    for (const key of Object.keys(PREFERENCE_FIELDS) as (keyof PreferencesCookie)[]) {
      const parsed = PREFERENCE_FIELDS[key](record[key]);
      if (parsed !== undefined) (out as Record<string, unknown>)[key] = parsed;
    }
  } catch {
    // A value whose fields cannot be read (a Proxy, a throwing getter) holds no preference: the defaults stand.
    return { ...readRecord('defaults', defaults, 'normalisePreferences') };
  }
  return out;
}

// One complete "key": value pair whose value is a string, a boolean or a number followed by , or }.
const COMPLETE_PAIR = /"([A-Za-z]+)"\s*:\s*("(?:[^"\\]|\\.)*"|true|false|-?\d+(?:\.\d+)?(?=\s*[,}]))/g;

/**
 * The complete key/value pairs of a JSON object cut short (a cookie truncated by a size limit or a
 * proxy): every pair that ends before the cut is kept, the one the cut went through is dropped.
 */
export function salvageJsonObject(raw: string): Record<string, unknown> {
  expectString('raw', raw, 'salvageJsonObject');
  const out: Record<string, unknown> = {};
  for (const match of raw.matchAll(COMPLETE_PAIR)) {
    // Both groups are part of every match.
    const [, key, text] = match as unknown as [string, string, string];
    try {
      out[key] = JSON.parse(text) as unknown;
    } catch {
      // A malformed escape inside a string: that pair is lost, the others are kept.
    }
  }
  return out;
}

/**
 * Decodes a percent-encoded cookie value that was cut short, possibly inside an escape or a multi-byte
 * character: the incomplete tail is dropped. Returns the text unchanged when it is not percent-encoded.
 */
export function decodeCutCookie(raw: string): string {
  expectString('raw', raw, 'decodeCutCookie');
  if (raw.includes('"') || !/%[0-9a-f]{2}/i.test(raw)) return raw;
  let text = raw.replace(/%[0-9a-f]?$/i, '');
  // A UTF-8 character is at most four escapes long; drop up to three trailing escapes of a cut one.
  for (let attempt = 0; attempt < 4; attempt++) {
    try {
      return decodeURIComponent(text);
    } catch {
      text = text.replace(/%[0-9a-f]{2}$/i, '');
    }
  }
  return raw;
}
