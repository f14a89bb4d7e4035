// Bad input: typed errors naming the field (issue 11 "missing fields, zero size, zero leverage, negative prices").
import { describe, expect, it } from 'vitest';
import {
  ExkitError,
  FuturesInputError,
  averageOpenPrice,
  bankruptcyPrice,
  breakEvenPrice,
  closeFee,
  contractKindOfBusinessLine,
  directionOf,
  fundingFee,
  initialMargin,
  liquidationPrice,
  maintenanceMargin,
  marginModeOf,
  openFee,
  positionModeOf,
  preparePosition,
  resolveContract,
  realizedPnl,
  roe,
  truncateDecimal,
  unrealizedPnl,
  type FuturesPositionInput,
} from '../../../core/index.js';

const good: FuturesPositionInput = {
  position: 1,
  marginMode: 1,
  positionMode: 1,
  count: '1',
  openAvgPrice: '50000',
  openLevel: '10',
  openMarginCount: '5000',
  mm: '0.004',
  feeRate: '0.0006',
};

function caught(fn: () => unknown): FuturesInputError {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(FuturesInputError);
    expect(error).toBeInstanceOf(ExkitError);
    return error as FuturesInputError;
  }
  throw new Error('expected a FuturesInputError');
}

describe('bad input → FuturesInputError naming the field', () => {
  const rows: Array<[string, () => unknown, string, string]> = [
    ['missing size', () => unrealizedPnl({ position: 1, openAvgPrice: 1 }, 2), 'count', 'missing'],
    ['zero size', () => unrealizedPnl({ ...good, count: '0' }, 2), 'count', 'zero'],
    [
      'zero size from openDealCount − closeDealCount',
      () => unrealizedPnl({ position: 1, openAvgPrice: 1, openDealCount: '2', closeDealCount: '2' }, 2),
      'count',
      'zero',
    ],
    [
      'closed more than opened',
      () => unrealizedPnl({ position: 1, openAvgPrice: 1, openDealCount: '1', closeDealCount: '2' }, 2),
      'closeDealCount',
      'negative',
    ],
    ['zero leverage', () => initialMargin({ ...good, openLevel: 0 }), 'openLevel', 'zero'],
    [
      'zero leverage in positionsLevel',
      () => initialMargin({ ...good, openLevel: undefined, positionsLevel: '0' }),
      'positionsLevel',
      'zero',
    ],
    ['missing leverage', () => initialMargin({ ...good, openLevel: undefined }), 'openLevel', 'missing'],
    ['negative open price', () => unrealizedPnl({ ...good, openAvgPrice: '-1' }, 2), 'openAvgPrice', 'negative'],
    ['negative mark price', () => unrealizedPnl(good, '-50000'), 'markPrice', 'negative'],
    ['zero mark price', () => unrealizedPnl(good, 0), 'markPrice', 'zero'],
    ['NaN', () => unrealizedPnl({ ...good, count: Number.NaN }, 2), 'count', 'not-finite'],
    ['Infinity', () => unrealizedPnl(good, Number.POSITIVE_INFINITY), 'markPrice', 'not-finite'],
    ["'Infinity' as text", () => unrealizedPnl(good, 'Infinity'), 'markPrice', 'not-finite'],
    ["'NaN' as text", () => unrealizedPnl({ ...good, openAvgPrice: 'NaN' }, 2), 'openAvgPrice', 'not-finite'],
    ['non-numeric string', () => unrealizedPnl({ ...good, count: '1.2.3' }, 2), 'count', 'not-numeric'],
    ['hex string', () => unrealizedPnl({ ...good, count: '0x10' }, 2), 'count', 'not-numeric'],
    ['empty string', () => unrealizedPnl({ ...good, openAvgPrice: '' }, 2), 'openAvgPrice', 'missing'],
    ['an object', () => unrealizedPnl({ ...good, count: {} as unknown as string }, 2), 'count', 'not-numeric'],
    ['missing direction', () => unrealizedPnl({ ...good, position: undefined }, 2), 'position', 'missing'],
    ['unknown direction', () => unrealizedPnl({ ...good, position: 3 }, 2), 'position', 'not-an-option'],
    // Only a number or a numeric string names an option: true, [1] and 1n convert to 1 but are none of them.
    ['direction true', () => unrealizedPnl({ ...good, position: true as unknown as number }, 2), 'position', 'not-an-option'],
    ['direction [1]', () => unrealizedPnl({ ...good, position: [1] as unknown as number }, 2), 'position', 'not-an-option'],
    ['margin mode 2n', () => liquidationPrice({ ...good, marginMode: 2n as unknown as number }), 'marginMode', 'not-an-option'],
    ['missing maintenance rate', () => liquidationPrice({ ...good, mm: undefined }), 'mm', 'missing'],
    ['missing fee rate', () => liquidationPrice({ ...good, feeRate: undefined }), 'feeRate', 'missing'],
    ['negative margin', () => liquidationPrice({ ...good, openMarginCount: '-1' }), 'openMarginCount', 'negative'],
    ['missing margin mode', () => liquidationPrice({ ...good, marginMode: undefined }), 'marginMode', 'missing'],
    ['cross without available', () => liquidationPrice({ ...good, marginMode: 2 }), 'available', 'missing'],
    [
      'cross hedge leg without its price',
      () => liquidationPrice({ ...good, marginMode: 2, positionMode: 2, available: 1, longOpenCount: 1 }),
      'longOpenPrice',
      'missing',
    ],
    ['zero margin for ROE', () => roe({ ...good, openMarginCount: '0' }, 2), 'openMarginCount', 'zero'],
    ['zero face value', () => unrealizedPnl(good, 2, { faceValue: 0 }), 'faceValue', 'zero'],
    ['unknown business line', () => contractKindOfBusinessLine(1), 'businessLine', 'not-an-option'],
    ['fractional display places', () => truncateDecimal('1.5', 1.5), 'places', 'not-numeric'],
    ['zero close price', () => realizedPnl(good, 0), 'closePrice', 'zero'],
    ['negative closed quantity', () => realizedPnl(good, 2, { quantity: '-1' }), 'quantity', 'negative'],
    ['zero closed quantity', () => realizedPnl(good, 2, { quantity: 0 }), 'quantity', 'zero'],
    ['negative fee rate for both sides', () => realizedPnl(good, 2, { feeRate: '-0.001' }), 'feeRate', 'negative'],
    ['negative opening fee rate', () => realizedPnl(good, 2, { openFeeRate: '-0.001' }), 'openFeeRate', 'negative'],
    ['negative closing fee rate', () => realizedPnl(good, 2, { closeFeeRate: '-0.001' }), 'closeFeeRate', 'negative'],
    ['non-numeric funding', () => realizedPnl(good, 2, { funding: 'lots' }), 'funding', 'not-numeric'],
    [
      'realised PnL of a position without an open price',
      () => realizedPnl({ ...good, openAvgPrice: undefined }, 2),
      'openAvgPrice',
      'missing',
    ],
  ];
  it.each(rows)('%s', (_rule, fn, field, problem) => {
    const error = caught(fn);
    expect(error.name).toBe('FuturesInputError');
    expect(error.code).toBe('FUTURES_INVALID_INPUT');
    expect(error.field).toBe(field);
    expect(error.problem).toBe(problem);
    expect(error.toJSON().extra).toMatchObject({ field, problem });
    expect(error.msg.startsWith(`${field}:`)).toBe(true);
  });

  it('numbers arrive as strings or numbers alike (API payloads carry strings)', () => {
    const asText = unrealizedPnl({ position: '2', count: ' 0.4 ', openAvgPrice: '27000' }, '26500');
    const asNumbers = unrealizedPnl({ position: 2, count: 0.4, openAvgPrice: 27000 }, 26500);
    expect(asText.toString()).toBe('200');
    expect(asNumbers.toString()).toBe('200');
    expect(unrealizedPnl({ position: 1, count: 1n, openAvgPrice: '1e4' }, '1.1e4').toString()).toBe('1000');
  });
});

describe('contract kinds by business line', () => {
  it('10 (USDT-M) and 12 (USDC-M) are linear, 11 (coin-M) inverse, as numbers or strings', () => {
    expect(contractKindOfBusinessLine(10)).toBe('linear');
    expect(contractKindOfBusinessLine('12')).toBe('linear');
    expect(contractKindOfBusinessLine(11)).toBe('inverse');
  });

  it('business line 11 switches PnL to the inverse formula', () => {
    const position = { position: 1, count: 1000, openAvgPrice: 1000 };
    expect(unrealizedPnl(position, 1250, { businessLine: 11 }).toString()).toBe('0.2');
    expect(unrealizedPnl(position, 1250, { businessLine: 10 }).toString()).toBe('250000');
  });
});

describe('every export refuses an absent or unreadable position or options object, naming it', () => {
  const hostile = new Proxy(
    {},
    {
      ownKeys: () => {
        throw new Error('trap');
      },
    },
  );
  // [name, call with the position/order replaced, call with the options replaced (undefined when none)]
  const calls: Array<[string, (x: unknown) => unknown, ((x: unknown) => unknown) | undefined]> = [
    ['unrealizedPnl', (x) => unrealizedPnl(x as FuturesPositionInput, 2), (x) => unrealizedPnl(good, 2, x as never)],
    ['realizedPnl', (x) => realizedPnl(x as FuturesPositionInput, 2), (x) => realizedPnl(good, 2, x as never)],
    ['liquidationPrice', (x) => liquidationPrice(x as FuturesPositionInput), (x) => liquidationPrice(good, x as never)],
    ['bankruptcyPrice', (x) => bankruptcyPrice(x as FuturesPositionInput), (x) => bankruptcyPrice(good, x as never)],
    ['initialMargin', (x) => initialMargin(x as FuturesPositionInput), (x) => initialMargin(good, x as never)],
    ['maintenanceMargin', (x) => maintenanceMargin(x as FuturesPositionInput), (x) => maintenanceMargin(good, x as never)],
    ['roe', (x) => roe(x as FuturesPositionInput, 2), (x) => roe(good, 2, x as never)],
    ['breakEvenPrice', (x) => breakEvenPrice(x as FuturesPositionInput), (x) => breakEvenPrice(good, x as never)],
    [
      'averageOpenPrice',
      (x) => averageOpenPrice(x as FuturesPositionInput, { price: 1, count: 1 }),
      (x) => averageOpenPrice(good, { price: 1, count: 1 }, x as never),
    ],
    ['openFee', (x) => openFee(x as FuturesPositionInput), (x) => openFee(good, x as never)],
    ['closeFee', (x) => closeFee(x as FuturesPositionInput, 2), (x) => closeFee(good, 2, x as never)],
    ['fundingFee', (x) => fundingFee(x as FuturesPositionInput, '0.0001', 2), (x) => fundingFee(good, '0.0001', 2, x as never)],
    ['preparePosition', (x) => preparePosition(x as FuturesPositionInput), (x) => preparePosition(good, x as never)],
    ['directionOf', (x) => directionOf(x as FuturesPositionInput), undefined],
    ['marginModeOf', (x) => marginModeOf(x as FuturesPositionInput), undefined],
    ['positionModeOf', (x) => positionModeOf(x as FuturesPositionInput), undefined],
    ['resolveContract', (x) => resolveContract(x as never), undefined],
  ];

  it.each(calls)('%s', (name, withInput, withOptions) => {
    const check = (fn: () => unknown, field: string, problem: string) => {
      const error = caught(fn);
      expect({ field: error.field, problem: error.problem }).toStrictEqual({ field, problem });
    };
    const inputField = name === 'resolveContract' ? 'options' : 'input';
    check(() => withInput(null), inputField, name === 'resolveContract' ? 'not-an-object' : 'missing');
    check(() => withInput(hostile), inputField, 'not-an-object');
    if (withOptions) {
      check(() => withOptions(null), 'options', 'not-an-object');
      check(() => withOptions(hostile), 'options', 'not-an-object');
    }
  });

  it('averageOpenPrice names the fill', () => {
    expect(caught(() => averageOpenPrice(good, null as never))).toMatchObject({ field: 'fill', problem: 'missing' });
  });
});
