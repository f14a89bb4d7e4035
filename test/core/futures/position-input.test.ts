// Position codes (position, marginMode, positionMode) and field lookup: an empty or null code is missing, any code
// but 1 or 2 is refused naming its field, and a null field counts as absent so the next name is read.
import { describe, expect, it } from 'vitest';
import {
  averageOpenPrice,
  directionOf,
  marginModeOf,
  positionModeOf,
  type FuturesPositionInput,
  type PositionFields,
} from '../../../core/index.js';
import { firstPresent, readInput } from '../../../core/futures/position-input.js';
import { caught } from './refusals.js';

const fields = (value: unknown): PositionFields => value as PositionFields;

describe('position codes', () => {
  it('a null or empty code is missing, not a wrong option', () => {
    expect(caught(() => directionOf(fields({ position: null })))).toStrictEqual({
      field: 'position',
      problem: 'missing',
      message: 'position: required but missing',
    });
    expect(caught(() => directionOf({ position: '' }))).toStrictEqual({
      field: 'position',
      problem: 'missing',
      message: 'position: required but missing',
    });
    expect(caught(() => marginModeOf(fields({ marginMode: null })))).toMatchObject({ field: 'marginMode', problem: 'missing' });
    expect(caught(() => positionModeOf({}))).toMatchObject({ field: 'positionMode', problem: 'missing' });
  });

  it('a code other than 1 or 2 is refused naming its field', () => {
    expect(caught(() => positionModeOf({ positionMode: 3 }))).toStrictEqual({
      field: 'positionMode',
      problem: 'not-an-option',
      message: 'positionMode: not one of the accepted values',
    });
    expect(caught(() => marginModeOf({ marginMode: ' ' }))).toMatchObject({ field: 'marginMode', problem: 'not-an-option' });
    expect(caught(() => directionOf({ position: '1.5' }))).toMatchObject({ field: 'position', problem: 'not-an-option' });
  });

  it('a code may be text with spaces around it', () => {
    expect(directionOf({ position: ' 2 ' })).toBe(-1);
    expect(marginModeOf({ marginMode: '\t1\n' })).toBe('isolated');
    expect(positionModeOf({ positionMode: ' 2' })).toBe('hedge');
    expect(positionModeOf({ positionMode: '1 ' })).toBe('one-way');
  });
});

describe('first present field', () => {
  it('skips a null field and reads the next name', () => {
    const input = { count: '1', openAvgPrice: null, positionsOpenAvgPrice: '100' } as unknown as FuturesPositionInput;
    expect(averageOpenPrice(input, { price: '200', count: '1' }).toString()).toBe('150');
    expect(firstPresent({ a: null, b: 0 }, ['a', 'b'])).toStrictEqual(['b', 0]);
  });

  it('names the first field when none is present, and "value" when there is no name', () => {
    expect(firstPresent({ a: null, b: undefined }, ['a', 'b'])).toStrictEqual(['a', undefined]);
    expect(firstPresent({}, [])).toStrictEqual(['value', undefined]);
  });
});

describe('readInput', () => {
  it('copies a readable object', () => {
    const input = { position: 1 };
    const copy = readInput(input, 'input');
    expect(copy).toStrictEqual({ position: 1 });
  });

  it('refuses undefined and null: missing when required, not-an-object when optional', () => {
    expect(caught(() => readInput(undefined as unknown as object, 'input'))).toMatchObject({ field: 'input', problem: 'missing' });
    expect(caught(() => readInput(null as unknown as object, 'input'))).toMatchObject({ field: 'input', problem: 'missing' });
    expect(caught(() => readInput(null as unknown as object, 'options', true))).toStrictEqual({
      field: 'options',
      problem: 'not-an-object',
      message: 'options: not an object whose fields can be read',
    });
  });

  it('refuses an object whose fields cannot be read', () => {
    const trap = new Proxy(
      {},
      {
        ownKeys() {
          throw new Error('no');
        },
      },
    );
    expect(caught(() => readInput(trap, 'order'))).toMatchObject({ field: 'order', problem: 'not-an-object' });
  });
});
