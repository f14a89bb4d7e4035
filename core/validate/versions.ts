import { InvalidArgumentError } from '../errors/exkit-error.js';
import { describeValue } from './describe-value.js';

const notAVersion = (version: unknown) =>
  new InvalidArgumentError(`Not a dotted numeric version: ${describeValue(version)}`, { field: 'version', value: version });

/** The parts of a version as digit strings without leading zeros ('' is 0). */
function parts(version: string): string[] {
  if (typeof version !== 'string') throw notAVersion(version);
  // Surrounding white space is allowed (a version read from a header or a file); inner white space is not.
  const text = version.trim();
  if (!/^\d+(\.\d+)*$/.test(text)) throw notAVersion(version);
  return text.split('.').map((part) => part.replace(/^0+/, ''));
}

/**
 * Compares two parts as whole numbers of any length, without converting them to floating point (which
 * cannot tell 99999999999999999999 from 99999999999999999998): the longer is larger, else the text decides.
 */
function comparePart(left: string, right: string): -1 | 0 | 1 {
  if (left.length !== right.length) return left.length < right.length ? -1 : 1;
  return left === right ? 0 : left < right ? -1 : 1;
}

/** Compares two dotted numeric versions (spec §B5): -1, 0 or 1; missing parts count as 0; parts of any size compare exactly. */
export function compareVersions(a: string, b: string): -1 | 0 | 1 {
  const left = parts(a);
  const right = parts(b);
  // Stryker disable next-line EqualityOperator: one more pass compares two missing parts, 0 with 0, which changes nothing.
  for (let i = 0; i < Math.max(left.length, right.length); i++) {
    const order = comparePart(left[i] ?? '', right[i] ?? '');
    if (order !== 0) return order;
  }
  return 0;
}

/** Whether `version` is at least `minimum` (spec §B5 version gating). */
export function isVersionAtLeast(version: string, minimum: string): boolean {
  return compareVersions(version, minimum) >= 0;
}
