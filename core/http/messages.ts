import { formatStatusBusy, message } from '../catalog/index.js';
import { BUSY_STATUS, FORBIDDEN_STATUS, REQUEST_ERROR_STATUSES } from './constants.js';

/** The user-facing text for a non-2xx HTTP status in a locale (spec §S8). */
export function httpStatusMessage(status: number, locale: string): string {
  if (status === FORBIDDEN_STATUS) return message(locale, 'forbidden');
  if (REQUEST_ERROR_STATUSES.includes(status)) return message(locale, 'notfound');
  if (status === BUSY_STATUS) return message(locale, 'unknow');
  return formatStatusBusy(status, locale);
}
