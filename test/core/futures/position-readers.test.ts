// Position readers: which API field each symbol is read from, in which order, under which sign rule, and the field
// an error names.
import { describe, expect, it } from 'vitest';
import { type FuturesPositionInput } from '../../../core/index.js';
import { hasLeverage, hasMargin, readBp, readContracts, readFeeRate, readMargin, readMmr } from '../../../core/futures/position-readers.js';
import { caught } from './refusals.js';

const input = (value: unknown): FuturesPositionInput => value as FuturesPositionInput;

describe('readContracts', () => {
  it('reads count, else positionsCount', () => {
    expect(readContracts({ count: '2', positionsCount: '3' }).toString()).toBe('2');
    expect(readContracts({ positionsCount: '3' }).toString()).toBe('3');
    expect(readContracts(input({ count: null, positionsCount: '4' })).toString()).toBe('4');
  });

  it('is positive by default: a zero size is refused', () => {
    expect(caught(() => readContracts({ count: '0' }))).toStrictEqual({
      field: 'count',
      problem: 'zero',
      message: 'count: must not be zero',
    });
    expect(readContracts({ count: '0' }, 'non-negative').toString()).toBe('0');
  });

  it('else opened minus closed deals, each non-negative and named', () => {
    expect(readContracts({ openDealCount: '5', closeDealCount: '1.5' }).toString()).toBe('3.5');
    expect(readContracts({ openDealCount: '5' }).toString()).toBe('5');
    expect(caught(() => readContracts({ openDealCount: '-1' }, 'any'))).toStrictEqual({
      field: 'openDealCount',
      problem: 'negative',
      message: 'openDealCount: must not be negative',
    });
    expect(caught(() => readContracts({ openDealCount: 'x' }))).toMatchObject({ field: 'openDealCount', problem: 'not-numeric' });
    expect(caught(() => readContracts({ openDealCount: '5', closeDealCount: '-1' }, 'any'))).toStrictEqual({
      field: 'closeDealCount',
      problem: 'negative',
      message: 'closeDealCount: must not be negative',
    });
    expect(caught(() => readContracts({ openDealCount: '5', closeDealCount: 'x' }))).toMatchObject({
      field: 'closeDealCount',
      problem: 'not-numeric',
    });
    expect(caught(() => readContracts({ openDealCount: '1', closeDealCount: '2' }, 'any'))).toMatchObject({
      field: 'closeDealCount',
      problem: 'negative',
    });
  });

  it('a fully closed position is size 0 unless the rule is positive', () => {
    expect(readContracts({ openDealCount: '2', closeDealCount: '2' }, 'non-negative').toString()).toBe('0');
    expect(readContracts({ openDealCount: '2', closeDealCount: '2' }, 'any').toString()).toBe('0');
    expect(caught(() => readContracts({ openDealCount: '2', closeDealCount: '2' }))).toStrictEqual({
      field: 'count',
      problem: 'zero',
      message: 'count: must not be zero',
    });
  });

  it('a null openDealCount is absent: the size is missing, named count', () => {
    expect(caught(() => readContracts(input({ openDealCount: null, closeDealCount: '1' })))).toStrictEqual({
      field: 'count',
      problem: 'missing',
      message: 'count: required but missing',
    });
  });
});

describe('margin, leverage, bp, mm and fee rate', () => {
  it('readMargin is non-negative by default', () => {
    expect(readMargin({ openMarginCount: '0' }).toString()).toBe('0');
    expect(readMargin({ positionsOpenMarginCount: '7' }).toString()).toBe('7');
    expect(caught(() => readMargin({ openMarginCount: '-1' }))).toStrictEqual({
      field: 'openMarginCount',
      problem: 'negative',
      message: 'openMarginCount: must not be negative',
    });
  });

  it('hasMargin and hasLeverage see the positions* field too', () => {
    expect(hasMargin({ positionsOpenMarginCount: '1' })).toBe(true);
    expect(hasMargin({})).toBe(false);
    expect(hasLeverage({ positionsLevel: '5' })).toBe(true);
    expect(hasLeverage({})).toBe(false);
  });

  it('readBp defaults to 1 and names bp', () => {
    expect(readBp({}).toString()).toBe('1');
    expect(caught(() => readBp({ bp: 'x' }))).toStrictEqual({ field: 'bp', problem: 'not-numeric', message: 'bp: not a decimal number' });
    expect(caught(() => readBp({ bp: '0' }))).toMatchObject({ field: 'bp', problem: 'zero' });
  });

  it('readMmr refuses a negative rate', () => {
    expect(caught(() => readMmr({ mm: '-0.004' }))).toStrictEqual({
      field: 'mm',
      problem: 'negative',
      message: 'mm: must not be negative',
    });
  });

  it('readFeeRate refuses a negative rate, from the input or the override, naming feeRate', () => {
    expect(caught(() => readFeeRate({ feeRate: '-0.0006' }))).toStrictEqual({
      field: 'feeRate',
      problem: 'negative',
      message: 'feeRate: must not be negative',
    });
    expect(caught(() => readFeeRate({ feeRate: '0.0006' }, '-0.001'))).toStrictEqual({
      field: 'feeRate',
      problem: 'negative',
      message: 'feeRate: must not be negative',
    });
    expect(caught(() => readFeeRate({}, 'x'))).toMatchObject({ field: 'feeRate', problem: 'not-numeric' });
    expect(readFeeRate({ feeRate: '0.0006' }, '0.001').toString()).toBe('0.001');
  });
});
