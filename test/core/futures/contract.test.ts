// resolveContract and contractKindOfBusinessLine: the kind option takes only 'linear' or 'inverse', a business line
// may be written as text, and an unknown one is refused naming the option.
import { describe, expect, it } from 'vitest';
import { contractKindOfBusinessLine, resolveContract, type ContractOptions } from '../../../core/index.js';
import { caught } from './refusals.js';

describe('resolveContract kind', () => {
  it('refuses a kind that is neither linear nor inverse, naming kind', () => {
    expect(caught(() => resolveContract({ kind: 'quanto' } as unknown as ContractOptions))).toStrictEqual({
      field: 'kind',
      problem: 'not-an-option',
      message: 'kind: not one of the accepted values',
    });
    expect(caught(() => resolveContract({ kind: 'inverse ' } as unknown as ContractOptions))).toMatchObject({ field: 'kind' });
  });

  it('keeps a valid kind over the business line', () => {
    expect(resolveContract({ kind: 'inverse', businessLine: 10 }).kind).toBe('inverse');
    expect(resolveContract({ kind: 'linear', businessLine: 11 }).kind).toBe('linear');
  });
});

describe('contractKindOfBusinessLine', () => {
  it('reads a business line written as text with spaces around it', () => {
    expect(contractKindOfBusinessLine(' 10 ')).toBe('linear');
    expect(contractKindOfBusinessLine('\t11\n')).toBe('inverse');
    expect(contractKindOfBusinessLine('12')).toBe('linear');
  });

  it('refuses any other line, naming businessLine', () => {
    expect(caught(() => contractKindOfBusinessLine('13'))).toStrictEqual({
      field: 'businessLine',
      problem: 'not-an-option',
      message: 'businessLine: not one of the accepted values',
    });
    expect(caught(() => contractKindOfBusinessLine(''))).toMatchObject({ field: 'businessLine', problem: 'not-an-option' });
  });
});
