// The per-tick form gives the same figures as the one-shot functions.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  FuturesDecimal,
  liquidationPrice,
  prepareMark,
  preparePosition,
  formatRoe,
  roe,
  unrealizedPnl,
  type ContractKind,
} from '../../../core/index.js';

const units = (max: number, places: number) => fc.integer({ min: 1, max }).map((n) => new FuturesDecimal(n).div(10 ** places).toString());

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
          const input = { position: side, marginMode: 1, count, openAvgPrice: open, openLevel: level, openMarginCount: '1000', mm: '0.004', feeRate: '0.0006' };
          const prepared = preparePosition(input, { kind });
          for (const tick of [prepared.tick(mark), prepared.tick(prepareMark(mark))]) {
            const pnl = unrealizedPnl(input, mark, { kind });
            const ratio = roe(input, mark, { kind });
            // Linear PnL is exact; inverse PnL is Q/E − Q/P with each term rounded at the 40th digit; ROE is
            // within a few units of the 40th digit on top.
            const terms = new FuturesDecimal(count).div(open).plus(new FuturesDecimal(count).div(mark));
            const pnlTolerance = kind === 'linear' ? new FuturesDecimal(0) : terms.times('1e-38');
            expect(tick.unrealizedPnl.minus(pnl).abs().lte(pnlTolerance)).toBe(true);
            const margin = new FuturesDecimal(1000);
            // ROE: the factor keeps ROE_FACTOR_DIGITS (24) digits, rounded away from zero.
            const roeTolerance = ratio.abs().times('1e-22').plus(pnlTolerance.times(100).div(margin));
            expect(tick.roe.minus(ratio).abs().lte(roeTolerance)).toBe(true);
            if (kind === 'linear') expect(tick.unrealizedPnl.eq(pnl)).toBe(true);
            expect(String(tick.liquidationPrice)).toBe(String(liquidationPrice(input, { kind })));
          }
        },
      ),
      { numRuns: Math.max(200, Number(process.env.FC_RUNS ?? 0)) },
    );
  });

  it('keeps the position figures that do not depend on the mark price', () => {
    const prepared = preparePosition({ position: 2, marginMode: 1, count: '3', openAvgPrice: '100', openLevel: 5, openMarginCount: 60, mm: 0, feeRate: 0 }, { faceValue: 10 });
    expect(prepared.direction).toBe(-1);
    expect(prepared.size.toString()).toBe('30');
    expect(prepared.kind).toBe('linear');
    expect(prepared.tick('90').unrealizedPnl.toString()).toBe('300');
    expect(formatRoe(prepared.tick('90').roe)).toBe('+500.00%');
    expect(prepared.tick('90').roe.minus(500).abs().lt('1e-20')).toBe(true);
    expect(prepared.tick('90').roe.gte(500)).toBe(true);
    // (60 + 3,000)/(30 × 1) = 102
    expect(prepared.liquidationPrice!.toString()).toBe('102');
  });

  it('an exact ROE stays exact per tick: 300 on a margin of 30 is +1000.00%, never 999.99', () => {
    const base = { marginMode: 1, count: '3', openAvgPrice: '200', openMarginCount: '30', mm: 0, feeRate: 0 };
    expect(formatRoe(preparePosition({ ...base, position: 2 }).tick('100').roe)).toBe('+1000.00%');
    expect(formatRoe(preparePosition({ ...base, position: 1 }).tick('100').roe)).toBe('-1000.00%');
    expect(formatRoe(preparePosition({ ...base, position: 2, openMarginCount: '0.3' }).tick('199.99').roe)).toBe('+10.00%');
  });
});
