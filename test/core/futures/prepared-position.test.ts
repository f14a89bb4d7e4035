// The per-tick form gives the same figures as the one-shot functions.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  FuturesDecimal,
  liquidationPrice,
  prepareMark,
  preparePosition,
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
            // Linear is exact; inverse rounds 1/P once, so equal to 35 significant digits.
            const close = (a: FuturesDecimal, b: FuturesDecimal) => a.minus(b).abs().lte(b.abs().times('1e-35').plus('1e-60'));
            expect(close(tick.unrealizedPnl, pnl)).toBe(true);
            expect(close(tick.roe, ratio)).toBe(true);
            if (kind === 'linear') expect(tick.unrealizedPnl.eq(pnl)).toBe(true);
            expect(String(tick.liquidationPrice)).toBe(String(liquidationPrice(input, { kind })));
          }
        },
      ),
      { numRuns: 200 },
    );
  });

  it('keeps the position figures that do not depend on the mark price', () => {
    const prepared = preparePosition({ position: 2, marginMode: 1, count: '3', openAvgPrice: '100', openLevel: 5, openMarginCount: 60, mm: 0, feeRate: 0 }, { faceValue: 10 });
    expect(prepared.direction).toBe(-1);
    expect(prepared.size.toString()).toBe('30');
    expect(prepared.kind).toBe('linear');
    expect(prepared.tick('90').unrealizedPnl.toString()).toBe('300');
    expect(prepared.tick('90').roe.toString()).toBe('500');
    // (60 + 3,000)/(30 × 1) = 102
    expect(prepared.liquidationPrice!.toString()).toBe('102');
  });
});
