// The per-tick form gives the same figures as the one-shot functions.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  liquidationPrice,
  positionDisplayFormat,
  prepareMark,
  preparePosition,
  formatLiquidationPrice,
  formatRoe,
  roe,
  unrealizedPnl,
  type ContractKind,
} from '../../../core/index.js';
import { refusal } from './refusals.js';
import { inputClasses } from '../../support/input-classes.js';

/** The FuturesInputError `fn` throws, as a plain object of what a caller reads. */

const long = {
  position: 1,
  marginMode: 1,
  count: '0.5',
  openAvgPrice: '60000',
  openLevel: '10',
  openMarginCount: '3000',
  mm: '0.004',
  feeRate: '0.0006',
};

const units = (max: number, places: number) => fc.integer({ min: 1, max }).map((n) => (n / 10 ** places).toFixed(places));

describe('preparePosition', () => {
  it('tick(mark) equals unrealizedPnl, roe and liquidationPrice computed one by one', () => {
    const drawn = inputClasses<{ kind: ContractKind; lp: unknown; mark: string; open: string }>({
      'linear with a liquidation price': ({ kind, lp }) => kind === 'linear' && lp !== null,
      'inverse with a liquidation price': ({ kind, lp }) => kind === 'inverse' && lp !== null,
      'no liquidation price': ({ lp }) => lp === null,
      'marked above the open price': ({ mark, open }) => Number(mark) > Number(open),
      'marked below the open price': ({ mark, open }) => Number(mark) < Number(open),
    });
    fc.assert(
      fc.property(
        fc.constantFrom<ContractKind>('linear', 'inverse'),
        fc.constantFrom(1, 2),
        units(1e7, 3),
        units(1e9, 2),
        units(1e9, 2),
        fc.integer({ min: 1, max: 125 }),
        (kind, side, count, open, mark, level) => {
          const input = {
            position: side,
            marginMode: 1,
            count,
            openAvgPrice: open,
            openLevel: level,
            openMarginCount: '1000',
            mm: '0.004',
            feeRate: '0.0006',
          };
          const prepared = preparePosition(input, { kind });
          drawn.see({ kind, lp: liquidationPrice(input, { kind }), mark, open });
          for (const tick of [prepared.tick(mark), prepared.tick(prepareMark(mark))]) {
            // Both paths compute the same exact ratio and round it the same way: equal to the last digit.
            expect(tick.unrealizedPnl.eq(unrealizedPnl(input, mark, { kind }))).toBe(true);
            expect(tick.roe!.eq(roe(input, mark, { kind }))).toBe(true);
            expect(String(tick.liquidationPrice)).toBe(String(liquidationPrice(input, { kind })));
          }
        },
      ),
      { numRuns: Math.max(200, Number(process.env.FC_RUNS ?? 0)) },
    );
    drawn.expectEachDrawn(5);
  });

  it('keeps the position figures that do not depend on the mark price', () => {
    const prepared = preparePosition(
      { position: 2, marginMode: 1, count: '3', openAvgPrice: '100', openLevel: 5, openMarginCount: 60, mm: 0, feeRate: 0 },
      { faceValue: 10 },
    );
    expect(prepared.direction).toBe(-1);
    expect(prepared.size.toString()).toBe('30');
    expect(prepared.kind).toBe('linear');
    expect(prepared.tick('90').unrealizedPnl.toString()).toBe('300');
    expect(formatRoe(prepared.tick('90').roe)).toBe('+500.00%');
    expect(prepared.tick('90').roe!.toString()).toBe('500');
    // (60 + 3,000)/(30 × 1) = 102
    expect(prepared.liquidationPrice!.toString()).toBe('102');
  });

  it('an exact ROE stays exact per tick: 300 on a margin of 30 is +1000.00%, never 999.99', () => {
    const base = { marginMode: 1, count: '3', openAvgPrice: '200', openMarginCount: '30', mm: 0, feeRate: 0 };
    expect(formatRoe(preparePosition({ ...base, position: 2 }).tick('100').roe)).toBe('+1000.00%');
    expect(formatRoe(preparePosition({ ...base, position: 1 }).tick('100').roe)).toBe('-1000.00%');
    expect(formatRoe(preparePosition({ ...base, position: 2, openMarginCount: '0.3' }).tick('199.99').roe)).toBe('+10.00%');
  });

  // Issue 19: a cross position with neither leverage nor margin used to throw "openLevel missing" even when
  // only the liquidation price was wanted.
  it('a cross position with neither leverage nor margin still gets its uPnL and liquidation price; ROE is null ("--")', () => {
    const input = {
      position: 1,
      marginMode: 2,
      positionMode: 1,
      count: '2',
      openAvgPrice: '50000',
      available: '20000',
      mm: '0.004',
      feeRate: '0.0006',
    };
    const prepared = preparePosition(input);
    expect(prepared.missing).toEqual(['openLevel']);
    expect(prepared.liquidationPrice!.eq(liquidationPrice(input)!)).toBe(true);
    const tick = prepared.tick('51000');
    expect(tick.roe).toBeNull();
    expect(tick.unrealizedPnl.toString()).toBe('2000');
    expect(prepared.display('51000')).toEqual({
      unrealizedPnl: '2000.000000',
      roe: '--',
      liquidationPrice: formatLiquidationPrice(liquidationPrice(input)),
    });
  });

  it('each figure whose inputs are missing is null and named in `missing`; the others are computed', () => {
    // Isolated without margin or leverage: neither ROE nor liquidation price can be known.
    const isolated = preparePosition({ position: 2, marginMode: 1, count: '1', openAvgPrice: '100', mm: '0.01', feeRate: 0 });
    expect(isolated.missing).toEqual(['openLevel']);
    expect(isolated.liquidationPrice).toBeNull();
    expect(isolated.display('90')).toEqual({ unrealizedPnl: '10.000000', roe: '--', liquidationPrice: '--' });
    // No liquidation inputs at all: ROE from the margin, liquidation price '--'.
    const bare = preparePosition({ position: 1, count: '1', openAvgPrice: '100', openMarginCount: '10' });
    expect(bare.missing).toEqual(['feeRate']); // the first missing input of the liquidation price
    expect(bare.display('101').roe).toBe('+10.00%');
    // Cross with pending orders needs the leverage for their margin: the liquidation price is null too.
    const pending = preparePosition({
      position: 1,
      marginMode: 2,
      positionMode: 1,
      count: '1',
      openAvgPrice: '100',
      available: '50',
      totalDelegateValue: '100',
      mm: 0,
      feeRate: 0,
    });
    expect(pending.liquidationPrice).toBeNull();
    expect(pending.missing).toEqual(['openLevel']);
  });

  it('an input that is present but wrong still throws a FuturesInputError naming it', () => {
    const input = {
      position: 1,
      marginMode: 2,
      positionMode: 1,
      count: '2',
      openAvgPrice: '50000',
      available: '20000',
      mm: 'abc',
      feeRate: '0.0006',
    };
    expect(() => preparePosition(input)).toThrow(
      expect.objectContaining({ name: 'FuturesInputError', field: 'mm', problem: 'not-numeric' }),
    );
    expect(() => preparePosition({ ...input, mm: '0', openMarginCount: '0' })).toThrow(
      expect.objectContaining({ field: 'openMarginCount', problem: 'zero' }),
    );
    expect(() => preparePosition({ ...input, mm: '0' }).display('1', { roe: { rounding: 'up' as never } })).toThrow(
      expect.objectContaining({ field: 'roe.rounding', problem: 'not-an-option' }),
    );
  });
});

describe('prepareMark', () => {
  it('reads the price once: its units and scale, and 1 ÷ price on demand (the same Decimal each time)', () => {
    const mark = prepareMark(' 62000.50 ');
    expect(mark.price.toString()).toBe('62000.5');
    expect(mark.units * 10n ** BigInt(20 - mark.scale)).toBe(620005n * 10n ** 19n);
    const quarter = prepareMark('4');
    expect(quarter.reciprocal.toString()).toBe('0.25');
    expect(quarter.reciprocal).toBe(quarter.reciprocal);
    expect(prepareMark('3').reciprocal.toFixed(6)).toBe('0.333333');
  });

  it('a mark price that is missing, not a number or not positive is refused, naming "markPrice"', () => {
    for (const [value, problem] of [
      ['abc', 'not-numeric'],
      ['0', 'zero'],
      ['-1', 'negative'],
      [null, 'missing'],
    ] as const) {
      const expected = { name: 'FuturesInputError', field: 'markPrice', problem, value };
      expect(refusal(() => prepareMark(value as never))).toStrictEqual(expected);
      expect(refusal(() => preparePosition(long).tick(value as never))).toStrictEqual(expected);
      expect(refusal(() => preparePosition(long).display(value as never))).toStrictEqual(expected);
    }
  });

  it('a prepared mark is used as it is, without reading its price again; a hand-built { price } mark is read', () => {
    const prepared = preparePosition(long);
    const { units: markUnits, scale } = prepareMark('62000');
    let reads = 0;
    const mark = {
      get price() {
        reads += 1;
        return prepareMark('62000').price;
      },
      get reciprocal() {
        reads += 1;
        return prepareMark('62000').reciprocal;
      },
      units: markUnits,
      scale,
    };
    expect(prepared.tick(mark).unrealizedPnl.toString()).toBe('1000');
    expect(prepared.display(mark).unrealizedPnl).toBe('1000.000000');
    expect(reads).toBe(0);
    // The shape before issue 19: only a price (its reciprocal unused).
    expect(prepared.tick({ price: '62000' } as never).unrealizedPnl.toString()).toBe('1000');
    expect(prepared.display({ price: '61000' } as never).roe).toBe('+16.66%');
  });
});

describe('display formats', () => {
  const defaults = {
    unrealizedPnl: { places: 6, rounding: 'truncate' },
    roe: { places: 2, rounding: 'truncate' },
    liquidationPrice: { places: 6, rounding: 'truncate' },
  };

  it('an empty format, or a figure left out, takes the defaults: uPnL and liquidation price 6 decimals, ROE 2, truncated', () => {
    expect(positionDisplayFormat()).toStrictEqual(defaults);
    expect(positionDisplayFormat({})).toStrictEqual(defaults);
    expect(positionDisplayFormat({ roe: {} })).toStrictEqual(defaults);
    expect(positionDisplayFormat({ roe: { places: 1 } })).toStrictEqual({ ...defaults, roe: { places: 1, rounding: 'truncate' } });
    expect(positionDisplayFormat({ unrealizedPnl: { rounding: 'half-up' }, liquidationPrice: { places: '2' as never } })).toStrictEqual({
      ...defaults,
      unrealizedPnl: { places: 6, rounding: 'half-up' },
      liquidationPrice: { places: 2, rounding: 'truncate' },
    });
    expect(preparePosition(long).display('62000', {})).toStrictEqual({
      unrealizedPnl: '1000.000000',
      roe: '+33.33%',
      liquidationPrice: '54249.547920',
    });
  });

  it('a checked format is passed through as it is, frozen', () => {
    const format = positionDisplayFormat({ unrealizedPnl: { places: 2 } });
    expect(positionDisplayFormat(format)).toBe(format);
    expect(Object.isFrozen(format)).toBe(true);
    expect(Object.isFrozen(format.unrealizedPnl)).toBe(true);
    expect(preparePosition(long).display('62000', format).unrealizedPnl).toBe('1000.00');
  });

  it('a format that is no object, or one whose fields cannot be read, is "not-an-object", naming "format"', () => {
    for (const format of [null, 5, 'roe']) {
      expect(refusal(() => positionDisplayFormat(format as never))).toStrictEqual({
        name: 'FuturesInputError',
        field: 'format',
        problem: 'not-an-object',
        value: format,
      });
    }
    const unreadable = {
      get roe(): never {
        throw new Error('no access');
      },
    };
    expect(refusal(() => positionDisplayFormat(unreadable))).toMatchObject({
      name: 'FuturesInputError',
      field: 'format',
      problem: 'not-an-object',
    });
  });

  it('a figure format that is no object is "not-an-object" (as everywhere in the futures maths), naming the figure', () => {
    for (const field of ['unrealizedPnl', 'roe', 'liquidationPrice'] as const) {
      for (const value of [null, 2, 'half-up']) {
        expect(refusal(() => positionDisplayFormat({ [field]: value } as never))).toStrictEqual({
          name: 'FuturesInputError',
          field,
          problem: 'not-an-object',
          value,
        });
      }
    }
  });

  it("a figure's bad places or rounding names the option inside the figure", () => {
    expect(refusal(() => positionDisplayFormat({ roe: { places: -1 } }))).toStrictEqual({
      name: 'FuturesInputError',
      field: 'roe.places',
      problem: 'negative',
      value: -1,
    });
    expect(refusal(() => positionDisplayFormat({ unrealizedPnl: { places: 41 } }))).toMatchObject({
      field: 'unrealizedPnl.places',
      problem: 'not-an-option',
    });
    expect(refusal(() => positionDisplayFormat({ liquidationPrice: { rounding: 'up' as never } }))).toMatchObject({
      field: 'liquidationPrice.rounding',
      problem: 'not-an-option',
    });
  });
});

describe('tick figures', () => {
  it('each figure is built once, when first read: reading it again gives the same Decimal', () => {
    const tick = preparePosition(long).tick('62000');
    expect(tick.roe!.toFixed(4)).toBe('33.3333');
    expect(tick.roe).toBe(tick.roe);
    expect(tick.unrealizedPnl).toBe(tick.unrealizedPnl);
  });

  it('the liquidation price is written per format and stays right when the format changes between calls', () => {
    const prepared = preparePosition(long);
    expect(prepared.display('62000').liquidationPrice).toBe('54249.547920');
    expect(prepared.display('62000', { liquidationPrice: { places: 1, rounding: 'half-up' } }).liquidationPrice).toBe('54249.5');
    expect(prepared.display('62000', { liquidationPrice: { places: 0, rounding: 'half-up' } }).liquidationPrice).toBe('54250');
    expect(prepared.display('62000').liquidationPrice).toBe('54249.547920');
  });
});
