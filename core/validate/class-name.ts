import { InvalidClassNameError } from './errors.js';
import { describeValue } from './describe-value.js';

// \s covers every Unicode space separator, tabs and line breaks; \p{White_Space} adds NEL (U+0085), which \s misses.
const WHITESPACE = /[\s\p{White_Space}]/u;

/** Returns `name` when it is a single class name; throws InvalidClassNameError when it holds white space. */
export function assertClassName(name: string): string {
  if (typeof name !== 'string' || name.length === 0 || WHITESPACE.test(name)) {
    throw new InvalidClassNameError(`Class name must be one non-empty token without spaces: ${describeValue(name)}`, {
      field: 'className',
      value: name,
    });
  }
  return name;
}
