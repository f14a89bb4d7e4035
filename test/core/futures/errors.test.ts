// FuturesInputError: each problem has its own fixed message, "<field>: <text>", and carries field and problem.
import { describe, expect, it } from 'vitest';
import { ExkitError, FuturesInputError, MAX_DECIMAL_DIGITS, type FuturesInputProblem } from '../../../core/index.js';

function shape(error: FuturesInputError): Record<string, unknown> {
  return { name: error.name, code: error.code, field: error.field, problem: error.problem, message: error.message };
}

const MESSAGES: [FuturesInputProblem, string][] = [
  ['missing', 'required but missing'],
  ['not-numeric', 'not a decimal number'],
  ['not-finite', 'NaN or infinite'],
  ['zero', 'must not be zero'],
  ['negative', 'must not be negative'],
  ['not-an-option', 'not one of the accepted values'],
  ['out-of-range', 'more than 1000 digits before or after the decimal point'],
  ['not-an-object', 'not an object whose fields can be read'],
  ['out-of-order', 'out of order (tier floors must start at 0 and rise, rates must not fall)'],
  ['exceeds-position', 'more than the position holds'],
];

describe('FuturesInputError message per problem', () => {
  it.each(MESSAGES)('%s reads "<field>: %s"', (problem, text) => {
    const error = new FuturesInputError('price', problem, 'x');
    expect(shape(error)).toStrictEqual({
      name: 'FuturesInputError',
      code: 'FUTURES_INVALID_INPUT',
      field: 'price',
      problem,
      message: `price: ${text}`,
    });
    expect(error).toBeInstanceOf(ExkitError);
  });

  it('every problem has a message of its own', () => {
    const texts = MESSAGES.map(([problem]) => new FuturesInputError('f', problem).message);
    expect(new Set(texts).size).toBe(MESSAGES.length);
    expect(MAX_DECIMAL_DIGITS).toBe(1000);
  });
});
