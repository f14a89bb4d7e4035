import { InvalidArgumentError } from '../errors/exkit-error.js';

/**
 * Which clock a Date in the params is written in. 'local' (the default) writes the host's wall time,
 * which is what the user picked in a date field; 'utc' writes UTC. The format carries no zone marker.
 */
export type ParamTimeZone = 'local' | 'utc';

export interface CleanParamsOptions {
  /** Default 'local'. See `ParamTimeZone`. */
  timeZone?: ParamTimeZone;
}

const pad2 = (n: number) => (n < 10 ? `0${n}` : String(n));

/** Formats a Date as `YYYY-MM-DD HH:mm` (seed 001 §5) in the given time zone. */
export function formatParamDate(date: Date, timeZone: ParamTimeZone = 'local'): string {
  const time = date.getTime();
  if (Number.isNaN(time)) throw new InvalidArgumentError('An Invalid Date cannot be sent as a request param.');
  const utc = timeZone === 'utc';
  const year = utc ? date.getUTCFullYear() : date.getFullYear();
  const month = utc ? date.getUTCMonth() : date.getMonth();
  const day = utc ? date.getUTCDate() : date.getDate();
  const hours = utc ? date.getUTCHours() : date.getHours();
  const minutes = utc ? date.getUTCMinutes() : date.getMinutes();
  const yyyy = year >= 0 && year < 10_000 ? String(year).padStart(4, '0') : String(year);
  return `${yyyy}-${pad2(month + 1)}-${pad2(day)} ${pad2(hours)}:${pad2(minutes)}`;
}

/** True for `{}`-style objects (own prototype Object.prototype or null), the only objects cleaning walks into. */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object') return false;
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
}

function clean(value: unknown, timeZone: ParamTimeZone, ancestors: Set<object>, field: string): unknown {
  if (typeof value === 'string') return value.trim();
  if (value instanceof Date) return formatParamDate(value, timeZone);
  const isArray = Array.isArray(value);
  if (!isArray && !isPlainObject(value)) return value;
  const container = value as object;
  if (ancestors.has(container)) throw new InvalidArgumentError('Request params contain a cycle.', { field });
  ancestors.add(container);
  try {
    if (isArray) return (value as unknown[]).map((item, i) => clean(item, timeZone, ancestors, `${field}[${i}]`));
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value as Record<string, unknown>)) {
      if (item === undefined) continue;
      out[key] = clean(item, timeZone, ancestors, field ? `${field}.${key}` : key);
    }
    return out;
  } finally {
    ancestors.delete(container);
  }
}

/**
 * A cleaned copy of one param value: strings trimmed, Dates as `YYYY-MM-DD HH:mm`, plain objects and arrays
 * walked (undefined object entries dropped), anything else (Blob, File, Decimal…) passed through as is.
 */
export function cleanParamValue(value: unknown, options: CleanParamsOptions = {}): unknown {
  return clean(value, options.timeZone ?? 'local', new Set(), '');
}

/**
 * A cleaned copy of request params (seed 001 §5): strings trimmed, Dates as `YYYY-MM-DD HH:mm`, nested
 * objects and arrays cleaned the same way, undefined entries dropped. The caller's object is never changed.
 */
export function cleanParams(params: Readonly<Record<string, unknown>>, options: CleanParamsOptions = {}): Record<string, unknown> {
  return clean(params, options.timeZone ?? 'local', new Set(), '') as Record<string, unknown>;
}
