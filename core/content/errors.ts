import { ExkitError, InvalidArgumentError } from '../errors/exkit-error.js';

/** Raised for an app scheme that is malformed or one that can run code (javascript, data, file…). */
export class InvalidAppSchemeError extends InvalidArgumentError {
  override name = 'InvalidAppSchemeError';
}

/** Raised when the given window cannot be trusted to sanitise: DOMPurify unsupported or its self-test failed. */
export class UnsafeDomWindowError extends ExkitError {
  override name = 'UnsafeDomWindowError';
  constructor(msg: string, extra?: unknown) {
    super('CONTENT_UNSAFE_WINDOW', msg, extra === undefined ? {} : { extra });
  }
}

/**
 * Why an amount was refused rather than cleaned: any value made of the text could differ from what was meant.
 * - `sign`: a plus or minus sign (an amount is never negative; dropping the sign would flip it).
 * - `exponent`: exponent notation such as `1e9` (dropping the e would give 19).
 * - `ambiguous-separator`: a second decimal point, or a grouping separator where grouping is not unambiguous
 *   (`2,5` in English could be 2.5 or 25).
 * - `too-many-digits`: more than 20 integer digits (cutting them would change the magnitude).
 * - `not-finite`: a number that is NaN or infinite.
 */
export type AmountRefusalReason = 'sign' | 'exponent' | 'ambiguous-separator' | 'too-many-digits' | 'not-finite';

/** Raised by sanitizeAmount when the text cannot be cleaned without risking another value; `reason` says why. */
export class AmountRefusedError extends ExkitError {
  override name = 'AmountRefusedError' as const;
  readonly reason: AmountRefusalReason;
  constructor(reason: AmountRefusalReason, input?: unknown) {
    // The reason is the message's last word: a form maps it to its own words (the reasons are listed above).
    super('CONTENT_AMOUNT_REFUSED', `amount refused: ${reason}`, { extra: { field: 'input', reason, value: input } });
    this.reason = reason;
  }
}
