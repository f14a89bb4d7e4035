// averageOpenPrice: the fill's fields are checked and named, the held size may be zero but not negative, and a flat
// position takes the fill price without reading an open price it does not have.
import { describe, expect, it } from 'vitest';
import { averageOpenPrice, type FuturesPositionInput } from '../../../core/index.js';
import { caught } from './refusals.js';

const long: FuturesPositionInput = { position: 1, count: '0.5', openAvgPrice: '60000' };

describe('averageOpenPrice fill checks', () => {
  it('names fill.price when the fill price is no number', () => {
    expect(caught(() => averageOpenPrice(long, { price: 'abc', count: '1' }))).toStrictEqual({
      field: 'fill.price',
      problem: 'not-numeric',
      message: 'fill.price: not a decimal number',
    });
  });

  it('refuses a zero or negative fill price', () => {
    expect(caught(() => averageOpenPrice(long, { price: '0', count: '1' }))).toStrictEqual({
      field: 'fill.price',
      problem: 'zero',
      message: 'fill.price: must not be zero',
    });
    expect(caught(() => averageOpenPrice(long, { price: '-1', count: '1' }))).toMatchObject({ field: 'fill.price', problem: 'negative' });
  });

  it('names fill.count and refuses a zero or negative fill count', () => {
    expect(caught(() => averageOpenPrice(long, { price: '1', count: 'x' }))).toMatchObject({ field: 'fill.count', problem: 'not-numeric' });
    expect(caught(() => averageOpenPrice(long, { price: '1', count: '0' }))).toStrictEqual({
      field: 'fill.count',
      problem: 'zero',
      message: 'fill.count: must not be zero',
    });
    expect(caught(() => averageOpenPrice(long, { price: '1', count: '-2' }))).toMatchObject({ field: 'fill.count', problem: 'negative' });
  });

  it('refuses a negative held size', () => {
    expect(caught(() => averageOpenPrice({ ...long, count: '-0.5' }, { price: '63000', count: '0.5' }))).toStrictEqual({
      field: 'count',
      problem: 'negative',
      message: 'count: must not be negative',
    });
  });
});

describe('averageOpenPrice of a flat position', () => {
  it('takes the fill price and needs no open price', () => {
    expect(averageOpenPrice({ position: 1, count: '0' }, { price: '63000', count: '0.5' }).toString()).toBe('63000');
    expect(averageOpenPrice({ position: 2, count: 0 }, { price: '2.5', count: '3' }, { kind: 'inverse' }).toString()).toBe('2.5');
  });
});
