import type { PlainSource } from './types.js';
import { readRecord } from '../../validate/describe-value.js';

export interface TimeZoneSourceOptions {
  /** The IANA time-zone name; by default the one `Intl.DateTimeFormat` resolves to. */
  timeZone?: () => string | undefined;
}

const defaultTimeZone = () => new Intl.DateTimeFormat().resolvedOptions().timeZone;

/** The IANA time zone and the standard-time UTC offset (the larger of January's and July's, so DST never changes it). */
export function timeZoneSource(options: TimeZoneSourceOptions = {}): PlainSource {
  options = readRecord('options', options, 'timeZoneSource');
  const timeZone = options.timeZone ?? defaultTimeZone;
  return {
    name: 'timeZone',
    needsDom: false,
    collect({ platform }) {
      const year = new Date(platform.clock.now()).getFullYear();
      const offset = Math.max(new Date(year, 0, 1).getTimezoneOffset(), new Date(year, 6, 1).getTimezoneOffset());
      return { timeZone: timeZone(), offset };
    },
  };
}
