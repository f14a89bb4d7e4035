// fast-check properties of issue 11: each test is named after the rule it checks.
import type { Decimal } from 'decimal.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { inputClasses } from '../../support/input-classes.js';
import {
  FuturesDecimal,
  averageOpenPrice,
  formatAmount,
  formatDecimal,
  formatPercent,
  formatRoe,
  liquidationPrice,
  maintenanceMargin,
  parseDisplayNumber,
  roe,
  truncateDecimal,
  unrealizedPnl,
  type ContractKind,
} from '../../../core/index.js';

// FC_RUNS=20000 npx vitest run test/core/futures deepens every property; 100 runs each by default.
fc.configureGlobal({ numRuns: Number(process.env.FC_RUNS ?? 100) });
// For checks whose own arithmetic must not add rounding.
const Wide = FuturesDecimal.clone({ precision: 120 });

/** A positive decimal string with up to `places` decimals, from an integer of units. */
const decimal = (minUnits: number, maxUnits: number, places: number) =>
  fc.integer({ min: minUnits, max: maxUnits }).map((units) => new FuturesDecimal(units).div(10 ** places).toString());
const price = decimal(1, 1e9, 2); // 0.01 … 10,000,000
const size = decimal(1, 1e7, 3); // 0.001 … 10,000
const kind = fc.constantFrom<ContractKind>('linear', 'inverse');
// Signed decimals with up to 12 places, and zero (both zeros decimal.js has) one time in ten.
const signed = fc.oneof(
  {
    weight: 9,
    arbitrary: fc
      .integer({ min: -1e12, max: 1e12 })
      .chain((units) => fc.integer({ min: 0, max: 12 }).map((places) => new FuturesDecimal(units).div(new FuturesDecimal(10).pow(places)))),
  },
  { weight: 1, arbitrary: fc.constantFrom(new FuturesDecimal(0), new FuturesDecimal(-0)) },
);

/** An open price and a mark: apart, or (one time in five) the same. */
const openAndMark = price.chain((e) =>
  fc.tuple(fc.constant(e), fc.oneof({ weight: 4, arbitrary: price }, { weight: 1, arbitrary: fc.constant(e) })),
);
/** Two sizes: apart, or (one time in five) the same. */
const twoSizes = size.chain((q) =>
  fc.tuple(fc.constant(q), fc.oneof({ weight: 4, arbitrary: size }, { weight: 1, arbitrary: fc.constant(q) })),
);
/** Where the mark stands against the open price, for each contract kind. */
const markClasses = () =>
  inputClasses<{ k: ContractKind; e: string; p: string }>({
    linear: ({ k }) => k === 'linear',
    inverse: ({ k }) => k === 'inverse',
    'mark above the open price': ({ e, p }) => new FuturesDecimal(p).gt(e),
    'mark below the open price': ({ e, p }) => new FuturesDecimal(p).lt(e),
    'mark at the open price': ({ e, p }) => new FuturesDecimal(p).eq(e),
  });

/** Counts the runs whose liquidation price exists: the checks below run only for those. */
const liquidationFound = () => inputClasses<Decimal | null>({ 'a liquidation price to check': (lp) => lp !== null });

describe('properties', () => {
  it('PnL antisymmetry: the short PnL is exactly minus the long PnL at the same prices', () => {
    const drawn = markClasses();
    fc.assert(
      fc.property(kind, size, openAndMark, (k, q, [e, p]) => {
        drawn.see({ k, e, p });
        const long = unrealizedPnl({ position: 1, count: q, openAvgPrice: e }, p, { kind: k });
        const short = unrealizedPnl({ position: 2, count: q, openAvgPrice: e }, p, { kind: k });
        expect(long.plus(short).isZero()).toBe(true);
      }),
      { numRuns: 300 },
    );
    drawn.expectEachDrawn(10);
  });

  it('ROE scales linearly with leverage at fixed prices (margin Q·E/L)', () => {
    const drawn = markClasses();
    fc.assert(
      fc.property(kind, size, openAndMark, fc.integer({ min: 1, max: 125 }), fc.integer({ min: 1, max: 10 }), (k, q, [e, p], l, factor) => {
        drawn.see({ k, e, p });
        const base = { position: 1, count: q, openAvgPrice: e, openLevel: l };
        const scaled = roe({ ...base, openLevel: l * factor }, p, { kind: k });
        const expected = roe(base, p, { kind: k }).times(factor);
        // Equal to 30 significant digits: the two divisions round independently at 40.
        expect(scaled.minus(expected).abs().lte(expected.abs().times('1e-30'))).toBe(true);
      }),
      { numRuns: 300 },
    );
    drawn.expectEachDrawn(10);
  });

  // Precondition: the position is not already under maintenance at entry (M·bp > Q·E·(MMR + f) linear, M > Q/E·(MMR + f)
  // inverse), which every leverage an exchange allows satisfies (1/L > MMR + f); with less margin the position is
  // liquidated on opening. bp is the margin coin's price in the quote coin (1 for USDT-M): the linear margin is
  // held in coins worth bp each; inverse positions ignore it.
  const bp = fc.oneof(fc.constant('1'), decimal(1, 1e9, 4));
  const healthy = fc
    .record({ k: kind, q: size, e: price, mm: decimal(0, 50, 4), f: decimal(0, 10, 4), extra: decimal(1, 1e6, 4), bp })
    .map(({ k, q, e, mm, f, extra, bp }) => {
      const qd = new FuturesDecimal(q);
      const entryNotional = k === 'linear' ? qd.times(e) : qd.div(e);
      // margin = notional × (MMR + f) × (1 + extra) in the PnL's coin: strictly above what maintenance and the close fee need.
      const backing = entryNotional
        .times(new FuturesDecimal(mm).plus(f))
        .plus(entryNotional.times('0.0001'))
        .times(new FuturesDecimal(1).plus(extra));
      const margin = k === 'linear' ? new Wide(backing).div(bp) : backing;
      return { k, q, e, mm, f, bp, margin: margin.toSignificantDigits(40).toString(), backing };
    });

  it('isolated long LP lies below entry and short LP above, whenever margin > 0 (position not under maintenance)', () => {
    const drawn = inputClasses<{ long: unknown; short: unknown }>({
      'a long with a liquidation price': ({ long }) => long !== null,
      'a short with a liquidation price': ({ short }) => short !== null,
    });
    fc.assert(
      fc.property(healthy, ({ k, q, e, mm, f, bp, margin }) => {
        const base = { marginMode: 1, count: q, openAvgPrice: e, openMarginCount: margin, mm, feeRate: f, bp };
        const long = liquidationPrice({ ...base, position: 1 }, { kind: k });
        const short = liquidationPrice({ ...base, position: 2 }, { kind: k });
        drawn.see({ long, short });
        if (long !== null) expect(long.lt(e)).toBe(true);
        if (short !== null) expect(short.gt(e)).toBe(true);
        // A long always has a liquidation price unless the margin covers the whole notional.
        if (k === 'linear' && new Wide(margin).times(bp).lt(new FuturesDecimal(q).times(e))) expect(long).not.toBeNull();
      }),
      { numRuns: 300 },
    );
    drawn.expectEachDrawn(5);
  });

  // A tier's maintenance amount: in the quote coin for linear contracts, in the base coin (scaled to its
  // notional) for inverse ones; never zero for inverse, which the generators used to leave out.
  const maintenanceAmount = (k: ContractKind, q: string, e: string, share: string) => {
    const notional = k === 'linear' ? new Wide(q).times(e) : new Wide(q).div(e);
    return notional.times(share).toSignificantDigits(12).toString();
  };

  it('at the liquidation price the equity equals maintenance margin plus the close fee (to the last decimal), with bp and cum', () => {
    const checked = liquidationFound();
    fc.assert(
      fc.property(healthy, fc.constantFrom(1, 2), decimal(1, 2000, 6), ({ k, q, e, mm, f, bp, margin }, side, share) => {
        const input = { marginMode: 1, position: side, count: q, openAvgPrice: e, openMarginCount: margin, mm, feeRate: f, bp };
        const cum = maintenanceAmount(k, q, e, share);
        const lp = liquidationPrice(input, { kind: k, maintenanceAmount: cum });
        checked.see(lp);
        if (lp === null) return;
        const qd = new Wide(q);
        const pnl = unrealizedPnl(input, lp, { kind: k });
        // Equity in the PnL's coin: the margin is worth M·bp quote coins for linear.
        const equity = (k === 'linear' ? new Wide(margin).times(bp) : new Wide(margin)).plus(pnl);
        const notionalAtLp = k === 'linear' ? qd.times(lp) : qd.div(lp);
        const needed = notionalAtLp.times(mm).minus(cum).plus(notionalAtLp.times(f));
        // Equal far beyond any displayed decimal: the residue is the price's own rounding (≥ 40 significant
        // digits) times the size, relative to the terms.
        const scale = equity.abs().plus(needed.abs()).plus(notionalAtLp);
        expect(equity.minus(needed).abs().lte(scale.times('1e-36'))).toBe(true);
      }),
    );
    checked.expectEachDrawn(10);
  });

  it('the maintenance margin with bp and cum: (notional × MMR − cum) in the margin coin (÷ bp for linear)', () => {
    const drawn = inputClasses<{ k: ContractKind; bp: string }>({
      'linear, margin coin worth 1': ({ k, bp }) => k === 'linear' && bp === '1',
      'linear, margin coin worth other than 1': ({ k, bp }) => k === 'linear' && bp !== '1',
      inverse: ({ k }) => k === 'inverse',
    });
    fc.assert(
      fc.property(healthy, decimal(1, 2000, 6), ({ k, q, e, mm, bp }, share) => {
        drawn.see({ k, bp });
        const cum = maintenanceAmount(k, q, e, share);
        const input = { position: 1, count: q, openAvgPrice: e, mm, bp };
        const got = maintenanceMargin(input, { kind: k, maintenanceAmount: cum });
        const notional = k === 'linear' ? new Wide(q).times(e) : new Wide(q).div(e);
        const want = notional.times(mm).minus(cum);
        const inMarginCoin = k === 'linear' ? want.div(bp) : want;
        expect(got.minus(inMarginCoin).abs().lte(inMarginCoin.abs().plus(1).times('1e-38'))).toBe(true);
      }),
      { numRuns: 300 },
    );
    drawn.expectEachDrawn(5);
  });

  it('cross hedge: at the liquidation price the cross equity equals maintenance on the larger leg plus both close fees', () => {
    const checked = liquidationFound();
    fc.assert(
      fc.property(size, price, size, price, decimal(0, 1e9, 2), decimal(0, 50, 4), decimal(0, 10, 4), (ql, el, qs, es, x, mm, f) => {
        const input = {
          position: 1,
          marginMode: 2,
          positionMode: 2,
          count: ql,
          openAvgPrice: el,
          available: x,
          mm,
          feeRate: f,
          longOpenCount: ql,
          longOpenPrice: el,
          shortOpenCount: qs,
          shortOpenPrice: es,
        };
        const lp = liquidationPrice(input);
        checked.see(lp);
        if (lp === null) return;
        const equity = new FuturesDecimal(x)
          .plus(new FuturesDecimal(ql).times(lp.minus(el)))
          .plus(new FuturesDecimal(qs).times(lp.neg().plus(es)));
        const needed = FuturesDecimal.max(ql, qs).times(lp).times(mm).plus(new FuturesDecimal(ql).plus(qs).times(lp).times(f));
        expect(equity.minus(needed).abs().lt('1e-20')).toBe(true);
      }),
    );
    checked.expectEachDrawn(10);
  });

  it('cross one-way: at the liquidation price the cross equity X + PnL equals maintenance plus the close fee', () => {
    const checked = liquidationFound();
    fc.assert(
      fc.property(
        kind,
        fc.constantFrom(1, 2),
        size,
        price,
        decimal(-1e9, 1e9, 2),
        decimal(0, 1e7, 2),
        decimal(0, 50, 4),
        decimal(0, 10, 4),
        (k, side, q, e, available, delegated, mm, f) => {
          const input = {
            position: side,
            marginMode: 2,
            positionMode: 1,
            count: q,
            openAvgPrice: e,
            openLevel: 20,
            available,
            othersUpnl: '12.5',
            othersMaintain: '3',
            totalDelegateValue: delegated,
            mm,
            feeRate: f,
          };
          const lp = liquidationPrice(input, { kind: k });
          checked.see(lp);
          if (lp === null) return;
          const x = new FuturesDecimal(available).plus('9.5').minus(new FuturesDecimal(delegated).div(20));
          const equity = x.plus(unrealizedPnl(input, lp, { kind: k }));
          const notionalAtLp = k === 'linear' ? new FuturesDecimal(q).times(lp) : new FuturesDecimal(q).div(lp);
          const needed = notionalAtLp.times(new FuturesDecimal(mm).plus(f));
          // The terms cancel; the residue is bounded by the magnitudes of the terms at the 37th digit.
          const entryNotional = k === 'linear' ? new FuturesDecimal(q).times(e) : new FuturesDecimal(q).div(e);
          const scale = x.abs().plus(entryNotional).plus(notionalAtLp);
          expect(equity.minus(needed).abs().lte(scale.times('1e-37'))).toBe(true);
        },
      ),
    );
    checked.expectEachDrawn(10);
  });

  it('cross hedge, inverse: at the liquidation price the coin equity equals maintenance on the larger leg plus both close fees', () => {
    const checked = liquidationFound();
    fc.assert(
      fc.property(size, price, size, price, decimal(0, 1e6, 6), decimal(0, 50, 4), decimal(0, 10, 4), (ql, el, qs, es, x, mm, f) => {
        const input = {
          position: 1,
          marginMode: 2,
          positionMode: 2,
          count: ql,
          openAvgPrice: el,
          available: x,
          mm,
          feeRate: f,
          longOpenCount: ql,
          longOpenPrice: el,
          shortOpenCount: qs,
          shortOpenPrice: es,
        };
        const lp = liquidationPrice(input, { kind: 'inverse' });
        checked.see(lp);
        if (lp === null) return;
        // Checked at 120 digits, so that only the price's own rounding (≥ 40 significant digits) remains: the
        // residual C − K/P moves by K/P² per unit of P, so it may be K/P × 1e-39 away from zero.
        const [QL, QS, P] = [new Wide(ql), new Wide(qs), new Wide(lp)];
        const equity = new Wide(x).plus(QL.div(el)).minus(QL.div(P)).plus(QS.div(P)).minus(QS.div(es));
        const k = Wide.max(QL, QS).times(mm).plus(QL.plus(QS).times(f)).plus(QL).minus(QS);
        const needed = Wide.max(QL, QS).times(mm).plus(QL.plus(QS).times(f)).div(P);
        expect(equity.minus(needed).abs().lte(k.abs().div(P).times('1e-38'))).toBe(true);
      }),
    );
    checked.expectEachDrawn(10);
  });

  it('the average open price lies between the two fill prices', () => {
    const drawn = markClasses();
    fc.assert(
      fc.property(kind, size, openAndMark, size, (k, q1, [e1, e2], q2) => {
        drawn.see({ k, e: e1, p: e2 });
        const average = averageOpenPrice({ count: q1, openAvgPrice: e1 }, { count: q2, price: e2 }, { kind: k });
        const [low, high] = new FuturesDecimal(e1).lte(e2) ? [e1, e2] : [e2, e1];
        expect(average.gte(low) && average.lte(high)).toBe(true);
      }),
      { numRuns: 300 },
    );
    drawn.expectEachDrawn(10);
  });

  it('reducing a position never changes the average open price', () => {
    const drawn = inputClasses<[string, string]>({
      'a part of the position': ([held, reduced]) => new FuturesDecimal(reduced).lt(held),
      'all of it': ([held, reduced]) => new FuturesDecimal(reduced).eq(held),
      'more than is held': ([held, reduced]) => new FuturesDecimal(reduced).gt(held),
    });
    fc.assert(
      fc.property(kind, twoSizes, price, price, (k, [q1, q2], e1, e2) => {
        drawn.see([q1, q2]);
        const average = averageOpenPrice({ count: q1, openAvgPrice: e1 }, { count: q2, price: e2, reduce: true }, { kind: k });
        expect(average.eq(e1)).toBe(true);
      }),
      { numRuns: 300 },
    );
    drawn.expectEachDrawn(10);
  });

  /** Values each rounding property must reach: both signs, zero, and values with decimals to cut or none. */
  const valueClasses = () =>
    inputClasses<[Decimal, number]>({
      negative: ([value]) => value.isNegative() && !value.isZero(),
      positive: ([value]) => value.isPositive() && !value.isZero(),
      zero: ([value]) => value.isZero(),
      'decimals to cut': ([value, places]) => value.decimalPlaces() > places,
      'no decimal to cut': ([value, places]) => !value.isZero() && value.decimalPlaces() <= places,
      'cut to zero': ([value, places]) => !value.isZero() && truncateDecimal(value, places).isZero(),
    });

  it('rounding never moves a value away from zero and is idempotent', () => {
    const drawn = valueClasses();
    fc.assert(
      fc.property(signed, fc.integer({ min: 0, max: 10 }), (value, places) => {
        drawn.see([value, places]);
        const once = truncateDecimal(value, places);
        expect(once.abs().lte(value.abs())).toBe(true);
        expect(once.isZero() || once.isNegative() === value.isNegative()).toBe(true);
        expect(value.minus(once).abs().lt(new FuturesDecimal(10).pow(-places))).toBe(true);
        expect(truncateDecimal(once, places).eq(once)).toBe(true);
      }),
      { numRuns: 500 },
    );
    drawn.expectEachDrawn(3);
  });

  it('formatting then parsing returns the rounded value', () => {
    const drawn = valueClasses();
    fc.assert(
      fc.property(signed, fc.integer({ min: 0, max: 10 }), (value, places) => {
        drawn.see([value, places]);
        const rounded = truncateDecimal(value, places);
        expect(parseDisplayNumber(formatDecimal(value, places))!.eq(rounded)).toBe(true);
        expect(parseDisplayNumber(formatAmount(value))!.eq(truncateDecimal(value, 6))).toBe(true);
        expect(parseDisplayNumber(formatPercent(value))!.eq(truncateDecimal(value, 2))).toBe(true);
        expect(parseDisplayNumber(formatRoe(value))!.eq(truncateDecimal(value, 2))).toBe(true);
      }),
      { numRuns: 500 },
    );
    drawn.expectEachDrawn(3);
  });
});
