// The cookie-date algorithm of RFC 6265 §5.1.1, which browsers use for `Expires`: stricter than Date.parse,
// which reads `0` as the year 2000 and `1` as 2001 (a cookie the server never meant to delete would be).

/**
 * RFC 6265 §5.1.1 delimiter: %x09 / %x20-2F / %x3B-40 / %x5B-60 / %x7B-7E. Split on each one: the empty text
 * between two delimiters in a row matches no time, day, month or year, so it counts for nothing.
 */
// eslint-disable-next-line no-control-regex -- HTAB is a delimiter
const DELIMITER = /[\x09\x20-\x2f\x3b-\x40\x5b-\x60\x7b-\x7e]/;
const TIME = /^(\d{1,2}):(\d{1,2}):(\d{1,2})(?:\D.*)?$/s;
const DAY_OF_MONTH = /^(\d{1,2})(?:\D.*)?$/s;
const YEAR = /^(\d{2,4})(?:\D.*)?$/s;
const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

/** The time (ms since the epoch, UTC) an `Expires` value names; undefined when it is no cookie date (the attribute is then ignored). */
export function parseCookieDate(text: string): number | undefined {
  let time: number[] | undefined;
  let day: number | undefined;
  let month: number | undefined;
  let year: number | undefined;
  for (const token of text.split(DELIMITER)) {
    const hms = time === undefined ? TIME.exec(token) : null;
    if (hms) {
      time = [Number(hms[1]), Number(hms[2]), Number(hms[3])];
      continue;
    }
    const dom = day === undefined ? DAY_OF_MONTH.exec(token) : null;
    if (dom) {
      day = Number(dom[1]);
      continue;
    }
    const monthIndex = month === undefined ? MONTHS.indexOf(token.slice(0, 3).toLowerCase()) : -1;
    if (monthIndex >= 0) {
      month = monthIndex;
      continue;
    }
    const y = year === undefined ? YEAR.exec(token) : null;
    if (y) year = Number(y[1]);
  }
  if (time === undefined || day === undefined || month === undefined || year === undefined) return undefined;
  // Two digits are a year: 70-99 of the 1900s, 00-69 of the 2000s.
  if (year >= 70 && year <= 99) year += 1900;
  else if (year <= 69) year += 2000;
  const [hour, minute, second] = time as [number, number, number];
  // A day the month does not have (30 February) is no date, as the RFC's last check says.
  if (year < 1601 || day < 1 || day > daysInMonth(year, month) || hour > 23 || minute > 59 || second > 59) return undefined;
  return Date.UTC(year, month, day, hour, minute, second);
}

/** How many days `month` (0 for January) of `year` has: the day before the first of the next month. */
function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
}
