import { InvalidArgumentError } from '../errors/exkit-error.js';
import { UnknownTimeZoneError } from './errors.js';
import { putOwn } from '../validate/own-field.js';
import { expectString, invalidArgument, readGuarded, readRecord } from '../validate/describe-value.js';

/**
 * Which clock a Date in the params is written in. 'local' (the default) writes the host's wall time, which is
 * what the user picked in a date field; 'utc' writes UTC; any other string is an IANA zone name such as
 * 'Asia/Shanghai' (written in that zone, daylight saving included). The format carries no zone marker.
 */
export type ParamTimeZone = 'local' | 'utc' | (string & Record<never, never>);

export interface CleanParamsOptions {
  /** Default 'local'. See `ParamTimeZone`. */
  timeZone?: ParamTimeZone;
}

const pad2 = (n: number) => (n < 10 ? `0${n}` : String(n));

// One formatter per zone name: building an Intl.DateTimeFormat costs far more than using one.
const zoneFormatters = new Map<string, Intl.DateTimeFormat>();

/** The formatter of an IANA zone, or undefined for 'local' and 'utc'; throws UnknownTimeZoneError for anything else. */
function zoneFormatter(timeZone: ParamTimeZone): Intl.DateTimeFormat | undefined {
  if (timeZone === 'local' || timeZone === 'utc') return undefined;
  let formatter = zoneFormatters.get(timeZone);
  if (!formatter) {
    try {
      // en-US with the Gregorian calendar and Latin digits, so the parts are plain numbers; hourCycle h23 writes
      // midnight as 00, never 24; the era tells years before 1 AD apart.
      formatter = new Intl.DateTimeFormat('en-US', {
        timeZone,
        calendar: 'gregory',
        numberingSystem: 'latn',
        era: 'short',
        year: 'numeric',
        month: 'numeric',
        day: 'numeric',
        hour: 'numeric',
        minute: 'numeric',
        hourCycle: 'h23',
      });
    } catch {
      // With a string zone and these fixed options, the constructor throws only the RangeError of an unknown zone.
      throw new UnknownTimeZoneError(timeZone);
    }
    zoneFormatters.set(timeZone, formatter);
  }
  return formatter;
}

/** Throws UnknownTimeZoneError unless `timeZone` is 'local', 'utc' or an IANA zone name the host knows. */
export function assertParamTimeZone(timeZone: ParamTimeZone): void {
  expectString('timeZone', timeZone, 'assertParamTimeZone');
  zoneFormatter(timeZone);
}

interface WallTime {
  year: number;
  month: number;
  day: number;
  hours: number;
  minutes: number;
}

/** A real Date (instanceof alone throws for a revoked Proxy and accepts an object built on Date's prototype). */
function isDate(value: unknown): value is Date {
  try {
    Date.prototype.getTime.call(value);
  } catch {
    return false;
  }
  return true;
}

function zoneWallTime(date: Date, formatter: Intl.DateTimeFormat): WallTime {
  const parts: Record<string, string> = {};
  for (const part of formatter.formatToParts(date)) parts[part.type] = part.value;
  const yearOfEra = Number(parts.year);
  return {
    // Astronomical numbering, as Date#getUTCFullYear counts: 1 BC is year 0.
    year: parts.era === 'BC' ? 1 - yearOfEra : yearOfEra,
    month: Number(parts.month),
    day: Number(parts.day),
    hours: Number(parts.hour),
    minutes: Number(parts.minute),
  };
}

/** Formats a Date as `YYYY-MM-DD HH:mm` (spec §S5) in the given time zone ('local', 'utc' or an IANA name). */
export function formatParamDate(date: Date, timeZone: ParamTimeZone = 'local'): string {
  expectString('timeZone', timeZone, 'formatParamDate');
  const formatter = zoneFormatter(timeZone);
  if (!isDate(date)) throw invalidArgument('date', 'a Date', date, 'formatParamDate');
  const time = date.getTime();
  if (Number.isNaN(time)) throw new InvalidArgumentError('An Invalid Date cannot be sent as a request param.');
  let wall: WallTime;
  if (formatter) wall = zoneWallTime(date, formatter);
  else if (timeZone === 'utc') {
    wall = {
      year: date.getUTCFullYear(),
      month: date.getUTCMonth() + 1,
      day: date.getUTCDate(),
      hours: date.getUTCHours(),
      minutes: date.getUTCMinutes(),
    };
  } else {
    wall = {
      year: date.getFullYear(),
      month: date.getMonth() + 1,
      day: date.getDate(),
      hours: date.getHours(),
      minutes: date.getMinutes(),
    };
  }
  const { year } = wall;
  // Four digits at least (padStart leaves a longer year as it is); a year before 1 keeps its sign unpadded.
  const yyyy = year >= 0 ? String(year).padStart(4, '0') : String(year);
  return `${yyyy}-${pad2(wall.month)}-${pad2(wall.day)} ${pad2(wall.hours)}:${pad2(wall.minutes)}`;
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
      // An own `__proto__` key stays a plain field, as JSON.stringify and URLSearchParams then write it.
      putOwn(out, key, clean(item, timeZone, ancestors, field ? `${field}.${key}` : key));
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
  options = readRecord('options', options, 'cleanParamValue');
  const timeZone = options.timeZone ?? 'local';
  assertParamTimeZone(timeZone);
  return readGuarded('value', 'a value whose fields can be read', value, 'cleanParamValue', () => clean(value, timeZone, new Set(), ''));
}

/**
 * A cleaned copy of request params (spec §S5): strings trimmed, Dates as `YYYY-MM-DD HH:mm`, nested
 * objects and arrays cleaned the same way, undefined entries dropped. The caller's object is never changed.
 * Every key, `__proto__` included, is copied as an own field; each output object inherits only Object.prototype.
 */
export function cleanParams(params: Readonly<Record<string, unknown>>, options: CleanParamsOptions = {}): Record<string, unknown> {
  options = readRecord('options', options, 'cleanParams');
  const timeZone = options.timeZone ?? 'local';
  assertParamTimeZone(timeZone);
  return readGuarded(
    'params',
    'an object whose fields can be read',
    params,
    'cleanParams',
    () => clean(params, timeZone, new Set(), '') as Record<string, unknown>,
  );
}
