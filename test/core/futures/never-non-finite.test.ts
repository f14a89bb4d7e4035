// Issue 18 (same area as issue 19): no futures figure is ever NaN or ±Infinity. Over inputs that include
// zeros, negatives, huge and tiny values and rates that zero a denominator, every function returns a finite
// Decimal, null ("no such price"), display text without NaN/Infinity, or throws a FuturesInputError.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  FuturesInputError,
  averageOpenPrice,
  bankruptcyPrice,
  breakEvenPrice,
  closeFee,
  fundingFee,
  initialMargin,
  liquidationPrice,
  maintenanceMargin,
  openFee,
  preparePosition,
  realizedPnl,
  roe,
  spotOrderFigures,
  unrealizedPnl,
  type ContractKind,
  type FuturesPositionInput,
} from '../../../core/index.js';
import { inputClasses } from '../../support/input-classes.js';

// Edge values, any integer, no value, and (as often as all of those) ordinary positive figures, so that many calls
// compute a figure rather than refuse.
const value = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom('1', '0.5', '2', '100000', '0.0006', '48', '30000.5') },
  fc.constantFrom('0', '-0', '1', '-1', '0.9994', '0.0006', '1e-30', '1e30', '-5', '0.5', '2', '100000'),
  fc.integer({ min: -1e9, max: 1e9 }).map(String),
  fc.constant(undefined),
);

/** What the calls gave, over the whole property: each outcome must be reached. */
const outcomes = inputClasses<'refused' | 'none' | 'figure'>({
  'refused with FuturesInputError': (o) => o === 'refused',
  'no figure (null)': (o) => o === 'none',
  'a figure': (o) => o === 'figure',
});

function check(fn: () => unknown): void {
  let result: unknown;
  try {
    result = fn();
  } catch (error) {
    outcomes.see('refused');
    expect(error).toBeInstanceOf(FuturesInputError);
    return;
  }
  outcomes.see(result === null ? 'none' : 'figure');
  const visit = (v: unknown): void => {
    if (v === null || v === undefined) return;
    if (typeof v === 'string') return expect(/NaN|Infinity/.test(v)).toBe(false);
    if (typeof v === 'object' && 'isFinite' in (v as object)) return expect((v as { isFinite(): boolean }).isFinite()).toBe(true);
    if (typeof v === 'object') for (const inner of Object.values(v as object)) visit(inner);
  };
  visit(result);
}

describe('no figure is NaN or infinite', () => {
  it('every function gives a finite Decimal, null, or a FuturesInputError', () => {
    fc.assert(
      fc.property(
        fc.constantFrom<ContractKind>('linear', 'inverse'),
        fc.record({
          position: fc.constantFrom(1, 2),
          marginMode: fc.constantFrom(1, 2),
          positionMode: fc.constantFrom(1, 2),
          count: value,
          openAvgPrice: value,
          openLevel: value,
          openMarginCount: value,
          mm: value,
          feeRate: value,
          available: value,
          othersUpnl: value,
          totalDelegateValue: value,
          longOpenCount: value,
          longOpenPrice: value,
          shortOpenCount: value,
          shortOpenPrice: value,
          bp: value,
        }),
        value,
        (kind, input, mark) => {
          const position = input as FuturesPositionInput;
          const options = { kind };
          check(() => unrealizedPnl(position, mark as string, options));
          check(() => roe(position, mark as string, options));
          check(() => liquidationPrice(position, options));
          check(() =>
            liquidationPrice(position, {
              ...options,
              tiers: [
                { notionalFloor: 0, maintenanceMarginRate: '0.5' },
                { notionalFloor: 10, maintenanceMarginRate: '0.9994' },
              ],
            }),
          );
          check(() => bankruptcyPrice(position, options));
          check(() => breakEvenPrice(position, options));
          check(() => initialMargin(position, options));
          check(() => maintenanceMargin(position, options));
          check(() => realizedPnl(position, mark as string, { ...options, feeRate: input.feeRate }));
          check(() => openFee(position, options));
          check(() => closeFee(position, mark as string, options));
          check(() => fundingFee(position, input.feeRate as string, mark as string, options));
          check(() => averageOpenPrice(position, { price: mark as string, count: input.openLevel as string }, options));
          check(() => {
            const prepared = preparePosition(position, options);
            return [prepared.tick(mark as string), prepared.display(mark as string, { roe: { rounding: 'half-even' } })];
          });
          check(() =>
            spotOrderFigures({
              buyDelegateCount: input.count,
              dealCount: input.openLevel,
              buyDealCount: input.mm,
              holdCount: input.feeRate,
              marketPrice: mark,
              buyPrice: input.openAvgPrice,
              trackingType: input.position,
            }),
          );
        },
      ),
      { numRuns: 1000 },
    );
    outcomes.expectEachDrawn(20);
  });

  it('a rate that zeroes the denominator gives no liquidation price rather than Infinity', () => {
    // linear long: Q·(MMR + f − 1) = 0 when MMR + f = 1.
    expect(
      liquidationPrice({ position: 1, marginMode: 1, count: 1, openAvgPrice: 100, openMarginCount: 10, mm: '0.9994', feeRate: '0.0006' }),
    ).toBeNull();
    // inverse short: M + cum − Q/E = 0 at 1x.
    expect(
      liquidationPrice({ position: 2, marginMode: 1, count: 100, openAvgPrice: 100, openLevel: 1, mm: 0, feeRate: 0 }, { kind: 'inverse' }),
    ).toBeNull();
  });
});
