import { InvalidArgumentError } from '../errors/exkit-error.js';
import { describeValue } from './describe-value.js';

const notAVersion = (version: unknown) =>
  new InvalidArgumentError(`Not a dotted numeric version: ${describeValue(version)}`, { field: 'version', value: version });

function parts(version: string): number[] {
  if (typeof version !== 'string') throw notAVersion(version);
  // Surrounding white space is allowed (a version read from a header or a file); inner white space is not.
  const text = version.trim();
  if (!/^\d+(\.\d+)*$/.test(text)) throw notAVersion(version);
  return text.split('.').map(Number);
}

/** Compares two dotted numeric versions (spec §B5): -1, 0 or 1; missing parts count as 0. */
export function compareVersions(a: string, b: string): -1 | 0 | 1 {
  const left = parts(a);
  const right = parts(b);
  // Stryker disable next-line EqualityOperator: one more pass compares two missing parts, 0 with 0, which changes nothing.
  for (let i = 0; i < Math.max(left.length, right.length); i++) {
    const diff = (left[i] ?? 0) - (right[i] ?? 0);
    if (diff < 0) return -1;
    if (diff > 0) return 1;
  }
  return 0;
}

/** Whether `version` is at least `minimum` (spec §B5 version gating). */
export function isVersionAtLeast(version: string, minimum: string): boolean {
  return compareVersions(version, minimum) >= 0;
}
