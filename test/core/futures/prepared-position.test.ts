// The per-tick form gives the same figures as the one-shot functions.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  liquidationPrice,
  prepareMark,
  preparePosition,
  formatLiquidationPrice,
  formatRoe,
  roe,
  unrealizedPnl,
  type ContractKind,
} from '../../../core/index.js';

const units = (max: number, places: number) => fc.integer({ min: 1, max }).map((n) => (n / 10 ** places).toFixed(places));

describe('preparePosition', () => {
  it('tick(mark) equals unrealizedPnl, roe and liquidationPrice computed one by one', () => {
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
