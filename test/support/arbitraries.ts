// Generators the property tests share.
import fc from 'fast-check';

/**
 * Any JavaScript string: every code point, and lone surrogates as well. fast-check's `binary` unit draws whole code
 * points only, so a string from it is always well-formed; text from a page or a native answer need not be.
 */
export function anyText(constraints: { minLength?: number; maxLength?: number } = {}): fc.Arbitrary<string> {
  const loneSurrogate = fc.integer({ min: 0xd800, max: 0xdfff }).map((unit) => String.fromCharCode(unit));
  const codePoint = fc.string({ unit: 'binary', minLength: 1, maxLength: 1 });
  return fc.string({ ...constraints, unit: fc.oneof({ weight: 9, arbitrary: codePoint }, { weight: 1, arbitrary: loneSurrogate }) });
}
