// Issue 19, "Futures figures": every displayed figure, from the one-shot functions and from the prepared
// per-tick path, equals the figure computed with exact rational arithmetic and rounded once. The oracle
// below is written here, independently of core/futures/exact.ts: BigInt fractions kept in lowest terms,
// the formulas of docs/futures-maths.md, and its own rounding.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  averageOpenPrice,
  bankruptcyPrice,
  breakEvenPrice,
  closeFee,
  formatAmount,
  fundingFee,
  initialMargin,
  maintenanceMargin,
  openFee,
  realizedPnl,
  formatLiquidationPrice,
  formatPrice,
  formatRoe,
  liquidationPrice,
  positionDisplayFormat,
  prepareMark,
  preparePosition,
  roe,
  unrealizedPnl,
  type ContractKind,
  type DisplayRounding,
  type FuturesPositionInput,
} from '../../../core/index.js';
import { inputClasses } from '../../support/input-classes.js';

// ── The oracle ──────────────────────────────────────────────────────────────────────────────────────────
const gcd = (a: bigint, b: bigint): bigint => {
  a = a < 0n ? -a : a;
  while (b !== 0n) [a, b] = [b, a % b];
  return a;
};

class Fraction {
  readonly num: bigint;
  readonly den: bigint;
  constructor(num: bigint, den = 1n) {
    if (den === 0n) throw new Error('oracle: zero denominator');
    if (den < 0n) [num, den] = [-num, -den];
    const g = gcd(num, den) || 1n;
    this.num = num / g;
    this.den = den / g;
  }
  /** A decimal string ('-12.345', '7') exactly. */
  static of(text: string | number): Fraction {
    const s = String(text);
    const negative = s.startsWith('-');
    const [whole, frac = ''] = (negative ? s.slice(1) : s).split('.');
    const n = BigInt(`${whole}${frac}`);
    return new Fraction(negative ? -n : n, 10n ** BigInt(frac.length));
  }
  plus(o: Fraction) {
    return new Fraction(this.num * o.den + o.num * this.den, this.den * o.den);
  }
  minus(o: Fraction) {
    return new Fraction(this.num * o.den - o.num * this.den, this.den * o.den);
  }
  times(o: Fraction) {
    return new Fraction(this.num * o.num, this.den * o.den);
  }
  over(o: Fraction) {
    return new Fraction(this.num * o.den, this.den * o.num);
  }
  isZero() {
    return this.num === 0n;
  }
  isPositive() {
    return this.num > 0n;
  }
  max(o: Fraction) {
    return this.minus(o).num >= 0n ? this : o;
  }
}
const F = Fraction.of;
const ONE = F(1);
const HUNDRED = F(100);

/** The fraction written with `places` decimals, rounded by `mode`; computed on the magnitude, sign put back. */
function show(x: Fraction, places: number, mode: DisplayRounding): string {
  const negative = x.num < 0n;
  const magnitude = (negative ? -x.num : x.num) * 10n ** BigInt(places);
  let units = magnitude / x.den;
  const rest = magnitude - units * x.den; // 0 ≤ rest < den
  if (mode !== 'truncate' && (2n * rest > x.den || (2n * rest === x.den && (mode === 'half-up' || units % 2n === 1n)))) units += 1n;
  const digits = units.toString().padStart(places + 1, '0');
  const text = places === 0 ? digits : `${digits.slice(0, -places)}.${digits.slice(-places)}`;
  return negative && units !== 0n ? `-${text}` : text;
}
const showRoe = (x: Fraction | null, mode: DisplayRounding) => {
  if (x === null) return '--';
  const text = show(x, 2, mode);
  return `${!text.startsWith('-') && /[1-9]/.test(text) ? '+' : ''}${text}%`;
};
const showPrice = (x: Fraction | null, places: number, mode: DisplayRounding) => (x === null ? '--' : show(x, places, mode));

interface Case {
  kind: ContractKind;
  side: 1 | 2;
  cross: boolean;
  count: string;
  face: string;
  open: string;
  mark: string;
  level: string;
  /** Margin field, or undefined: ROE and isolated LP then use Q·E/L. */
  margin: string | undefined;
  mm: string;
  fee: string;
  available: string;
  delegated: string;
  bp: string;
  /** The tier's maintenance amount (quote coin linear, base coin inverse), passed as `maintenanceAmount`. */
  cum: string;
}

function inputOf(c: Case): FuturesPositionInput {
  return {
    position: c.side,
    marginMode: c.cross ? 2 : 1,
    positionMode: 1,
    count: c.count,
    openAvgPrice: c.open,
    openLevel: c.level,
    ...(c.margin === undefined ? {} : { openMarginCount: c.margin }),
    ...(c.cross ? { available: c.available, othersUpnl: '-12.5', othersMaintain: '3', totalDelegateValue: c.delegated } : {}),
    mm: c.mm,
    feeRate: c.fee,
    bp: c.bp,
  };
}

/** uPnL, ROE (percent) and liquidation price of a case, from the formulas of docs/futures-maths.md. */
function oracle(c: Case) {
  const d = c.side === 1 ? ONE : F(-1);
  const q = F(c.count).times(F(c.face));
  const e = F(c.open);
  const p = F(c.mark);
  const bp = F(c.bp);
  const linear = c.kind === 'linear';
  const pnl = linear ? d.times(q).times(p.minus(e)) : d.times(q).times(ONE.over(e).minus(ONE.over(p)));
  // Margin in the margin coin; ROE and the isolated backing are in the PnL's coin (× bp for linear).
  const margin = c.margin !== undefined ? F(c.margin) : linear ? q.times(e).over(bp).over(F(c.level)) : q.over(e).over(F(c.level));
  const base = linear ? margin.times(bp) : margin;
  const roeValue = pnl.times(HUNDRED).over(base);
  let backing: Fraction;
  if (c.cross) {
    const coin = F(c.available).plus(F('-12.5')).minus(F('3'));
    backing = (linear ? coin.times(bp) : coin).minus(F(c.delegated).over(F(c.level)));
  } else backing = base;
  const rates = F(c.mm).plus(F(c.fee));
  const quotient = (n: Fraction, den: Fraction) => {
    if (den.isZero()) return null;
    const lp = n.over(den);
    return lp.isPositive() ? lp : null;
  };
  const cum = F(c.cum);
  const lp = linear
    ? quotient(backing.plus(cum).minus(d.times(q).times(e)), q.times(rates.minus(d)))
    : quotient(q.times(rates.plus(d)), backing.plus(cum).plus(d.times(q).over(e)));
  const bankrupt = linear
    ? quotient(backing.minus(d.times(q).times(e)), q.times(F(0).minus(d)))
    : quotient(q.times(d), backing.plus(d.times(q).over(e)));
  // With the fee of closing at that price paid out of the equity too (Bybit's inverse formula).
  const fee = F(c.fee);
  const bankruptWithFee = linear
    ? quotient(backing.minus(d.times(q).times(e)), q.times(fee.minus(d)))
    : quotient(q.times(fee.plus(d)), backing.plus(d.times(q).over(e)));
  return { pnl, roe: roeValue, lp, bankrupt, bankruptWithFee };
}

// ── Generators ──────────────────────────────────────────────────────────────────────────────────────────
/** A positive decimal with up to `places` decimals from `min` to `max` units. */
const dec = (min: number, max: number, places: number) =>
  fc.integer({ min, max }).map((u) => {
    const s = String(u).padStart(places + 1, '0');
    return places === 0 ? s : `${s.slice(0, -places)}.${s.slice(-places)}`.replace(/\.?0+$/, '') || '0';
  });
// Round prices in steps of 1,000 (where the old fast path went wrong most often), and arbitrary ones.
const roundPrice = fc.integer({ min: 1, max: 200 }).map((k) => String(k * 1000));
const price = fc.oneof(roundPrice, roundPrice, dec(1, 1e9, 2), dec(1, 99999, 1), fc.integer({ min: 1, max: 100 }).map(String));
const mode = fc.constantFrom<DisplayRounding>('truncate', 'half-up', 'half-even');

const anyCase: fc.Arbitrary<Case> = fc.record({
  kind: fc.constantFrom<ContractKind>('linear', 'inverse'),
  side: fc.constantFrom<1 | 2>(1, 2),
  cross: fc.boolean(),
  count: fc.oneof(fc.integer({ min: 1, max: 5000 }).map(String), dec(1, 1e7, 3)),
  face: fc.constantFrom('1', '100', '10', '0.001', '0.0001'),
  open: price,
  mark: price,
  level: fc.oneof(fc.integer({ min: 1, max: 125 }).map(String), fc.constantFrom('3', '48', '2.5')),
  margin: fc.option(dec(1, 1e8, 4), { nil: undefined }),
  mm: dec(0, 500, 4),
  fee: dec(0, 10, 4),
  available: dec(0, 1e9, 2),
  delegated: fc.constantFrom('0', '0', '1000', '123.45'),
  bp: fc.constantFrom('1', '1', '0.9998', '64000.5'),
  cum: fc.oneof(fc.constant('0'), dec(1, 1e6, 6), dec(1, 1e6, 2)),
});
// One case in six is marked at its open price: a PnL of zero, shown without a sign in every rounding.
const caseArb: fc.Arbitrary<Case> = fc.oneof(
  { weight: 5, arbitrary: anyCase },
  { weight: 1, arbitrary: anyCase.map((c) => ({ ...c, mark: c.open })) },
);

const runs = { numRuns: Math.max(500, Number(process.env.FC_RUNS ?? 0)) };

/** The kinds of position the oracle properties must reach, each counted over a property's runs. */
function caseClasses() {
  const sides = (['linear', 'inverse'] as const).flatMap((kind) =>
    ([1, 2] as const).map((side) => [`${kind} ${side === 1 ? 'long' : 'short'}`, (c: Case) => c.kind === kind && c.side === side] as const),
  );
  return inputClasses<Case>({
    ...Object.fromEntries(sides),
    'cross margin': (c) => c.cross,
    'isolated, with its margin given': (c) => !c.cross && c.margin !== undefined,
    'isolated, margin from the leverage': (c) => !c.cross && c.margin === undefined,
    'a liquidation price': (c) => oracle(c).lp !== null,
    'no liquidation price': (c) => oracle(c).lp === null,
    'in profit': (c) => oracle(c).pnl.isPositive(),
    'in loss': (c) => !oracle(c).pnl.isZero() && !oracle(c).pnl.isPositive(),
    'mark at the open price': (c) => oracle(c).pnl.isZero(),
    'a tier maintenance amount': (c) => c.cum !== '0',
  });
}

describe('exact display: every figure equals the exact rational figure rounded once', () => {
  it('the one-shot functions show the exact uPnL, ROE, liquidation and bankruptcy prices in every rounding mode', () => {
    const drawn = caseClasses();
    fc.assert(
      fc.property(caseArb, mode, fc.integer({ min: 0, max: 12 }), (c, m, places) => {
        drawn.see(c);
        const input = inputOf(c);
        const options = { kind: c.kind, faceValue: c.face };
        const want = oracle(c);
        expect(formatAmount(unrealizedPnl(input, c.mark, options), places, m)).toBe(show(want.pnl, places, m));
        expect(formatRoe(roe(input, c.mark, options), { rounding: m })).toBe(showRoe(want.roe, m));
        expect(formatLiquidationPrice(liquidationPrice(input, { ...options, maintenanceAmount: c.cum }), places, m)).toBe(
          showPrice(want.lp, places, m),
        );
        expect(formatPrice(bankruptcyPrice(input, options), places, m)).toBe(showPrice(want.bankrupt, places, m));
        expect(formatPrice(bankruptcyPrice(input, { ...options, includeCloseFee: true }), places, m)).toBe(
          showPrice(want.bankruptWithFee, places, m),
        );
      }),
      runs,
    );
    drawn.expectEachDrawn(5);
  });

  it('preparePosition: display() and the formatted tick() show exactly what the oracle shows', () => {
    const drawn = caseClasses();
    fc.assert(
      fc.property(caseArb, mode, mode, mode, fc.integer({ min: 0, max: 12 }), (c, pnlMode, roeMode, lpMode, places) => {
        drawn.see(c);
        const input = inputOf(c);
        const want = oracle(c);
        const prepared = preparePosition(input, { kind: c.kind, faceValue: c.face, maintenanceAmount: c.cum });
        const format = {
          unrealizedPnl: { places, rounding: pnlMode },
          roe: { rounding: roeMode },
          liquidationPrice: { places, rounding: lpMode },
        };
        const expected = {
          unrealizedPnl: show(want.pnl, places, pnlMode),
          roe: showRoe(want.roe, roeMode),
          liquidationPrice: showPrice(want.lp, places, lpMode),
        };
        expect(prepared.display(c.mark, format)).toEqual(expected);
        expect(prepared.display(prepareMark(c.mark), positionDisplayFormat(format))).toEqual(expected);
        const tick = prepared.tick(prepareMark(c.mark));
        expect(formatAmount(tick.unrealizedPnl, places, pnlMode)).toBe(expected.unrealizedPnl);
        expect(formatRoe(tick.roe, { rounding: roeMode })).toBe(expected.roe);
        expect(formatLiquidationPrice(tick.liquidationPrice, places, lpMode)).toBe(expected.liquidationPrice);
      }),
      runs,
    );
    drawn.expectEachDrawn(5);
  });

  it('the default display is the seed rule: uPnL 6 decimals, ROE 2 with "+", both truncated toward zero', () => {
    const drawn = caseClasses();
    fc.assert(
      fc.property(caseArb, (c) => {
        drawn.see(c);
        const want = oracle(c);
        const shown = preparePosition(inputOf(c), { kind: c.kind, faceValue: c.face, maintenanceAmount: c.cum }).display(c.mark);
        expect(shown.unrealizedPnl).toBe(show(want.pnl, 6, 'truncate'));
        expect(shown.roe).toBe(showRoe(want.roe, 'truncate'));
        expect(shown.liquidationPrice).toBe(showPrice(want.lp, 6, 'truncate'));
      }),
      runs,
    );
    drawn.expectEachDrawn(5);
  });

  it('figures whose last displayed digit sits exactly on a rounding boundary stay exact (values k/10^places ± nothing)', () => {
    // Exact quotients that land on a displayed digit: the old 40-digit path showed 0.18299999 or 191.99.
    const drawn = inputClasses<{ a: number; b: number; side: number }>({
      long: ({ side }) => side === 1,
      short: ({ side }) => side === 2,
      'mark above the open price': ({ a, b }) => b > a,
      'mark below the open price': ({ a, b }) => b < a,
    });
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 400 }),
        fc.integer({ min: 1, max: 400 }),
        fc.integer({ min: 1, max: 2000 }),
        fc.constantFrom<1 | 2>(1, 2),
        (a, b, n, side) => {
          drawn.see({ a, b, side });
          const c: Case = {
            kind: 'inverse',
            side,
            cross: false,
            count: String(n),
            face: '100',
            open: String(a * 1000),
            mark: String(b * 1000),
            level: '48',
            margin: undefined,
            mm: '0.005',
            fee: '0.0005',
            available: '0',
            delegated: '0',
            bp: '1',
            cum: '0',
          };
          const want = oracle(c);
          const prepared = preparePosition(inputOf(c), { kind: 'inverse', faceValue: '100' });
          expect(prepared.display(c.mark).unrealizedPnl).toBe(show(want.pnl, 6, 'truncate'));
          expect(prepared.display(c.mark).roe).toBe(showRoe(want.roe, 'truncate'));
          expect(formatAmount(unrealizedPnl(inputOf(c), c.mark, { kind: 'inverse', faceValue: '100' }))).toBe(
            show(want.pnl, 6, 'truncate'),
          );
        },
      ),
      runs,
    );
    drawn.expectEachDrawn(10);
  });
});

describe('exact display of the other figures', () => {
  const rate = fc.oneof(dec(0, 100, 4), dec(0, 999, 5));
  it('margins, break-even, average open price, realised PnL, fees and funding equal the oracle in every mode', () => {
    const drawn = caseClasses();
    fc.assert(
      fc.property(
        caseArb,
        mode,
        fc.integer({ min: 0, max: 10 }),
        price,
        dec(1, 1e6, 3),
        rate,
        dec(0, 1e4, 3),
        dec(0, 1e4, 3),
        fc.integer({ min: -1000, max: 1000 }).map((units) => (units / 1e6).toFixed(6)),
        (c, m, places, fillPrice, fillCount, funding, feesPaid, cum, maker) => {
          drawn.see(c);
          const input = inputOf(c);
          const options = { kind: c.kind, faceValue: c.face };
          const linear = c.kind === 'linear';
          const d = c.side === 1 ? ONE : F(-1);
          const contracts = F(c.count);
          const q = contracts.times(F(c.face));
          const e = F(c.open);
          const p = F(c.mark);
          const f = F(c.fee);
          const bp = F(c.bp);
          const value = (at: Fraction, size = q) => (linear ? size.times(at) : size.over(at));
          const shown = (x: Fraction | null) => showPrice(x, places, m);

          expect(formatAmount(initialMargin(input, options), places, m)).toBe(
            shown(linear ? q.times(e).over(bp).over(F(c.level)) : q.over(e.times(F(c.level)))),
          );
          const mm = linear ? value(p).over(bp).times(F(c.mm)).minus(F(cum).over(bp)) : value(p).times(F(c.mm)).minus(F(cum));
          expect(
            formatAmount(maintenanceMargin({ ...input, marginMode: 1 }, { ...options, price: c.mark, maintenanceAmount: cum }), places, m),
          ).toBe(shown(mm));

          const costs = F(feesPaid).plus(F(funding));
          const positive = (n: Fraction, den: Fraction) => (den.isZero() || !n.over(den).isPositive() ? null : n.over(den));
          const breakEven = linear
            ? c.side === 1
              ? positive(q.times(e).plus(costs), q.times(ONE.minus(f)))
              : positive(q.times(e).minus(costs), q.times(ONE.plus(f)))
            : c.side === 1
              ? positive(q.times(ONE.plus(f)), q.over(e).minus(costs))
              : positive(q.times(ONE.minus(f)), q.over(e).plus(costs));
          expect(formatPrice(breakEvenPrice(input, { ...options, feesPaid, fundingPaid: funding }), places, m)).toBe(shown(breakEven));

          const added = F(fillCount);
          const average = linear
            ? contracts
                .times(e)
                .plus(added.times(F(fillPrice)))
                .over(contracts.plus(added))
            : contracts.plus(added).over(contracts.over(e).plus(added.over(F(fillPrice))));
          expect(formatPrice(averageOpenPrice(input, { price: fillPrice, count: fillCount }, options), places, m)).toBe(shown(average));

          const fee = (at: Fraction) => value(at).times(f);
          const gross = linear ? d.times(q).times(p.minus(e)) : d.times(q).times(ONE.over(e).minus(ONE.over(p)));
          expect(formatAmount(realizedPnl(input, c.mark, { ...options, feeRate: c.fee, funding }), places, m)).toBe(
            shown(gross.minus(fee(e)).minus(fee(p)).minus(F(funding))),
          );
          expect(formatAmount(openFee(input, options), places, m)).toBe(shown(fee(e)));
          // A maker rate of either sign (a negative one is a rebate, a credit shown with its sign).
          const makerFee = (at: Fraction) => value(at).times(F(maker));
          expect(formatAmount(openFee(input, { ...options, liquidity: 'maker', feeRate: maker }), places, m)).toBe(shown(makerFee(e)));
          expect(formatAmount(closeFee(input, c.mark, { ...options, liquidity: 'maker', feeRate: maker }), places, m)).toBe(
            shown(makerFee(p)),
          );
          expect(
            formatAmount(
              realizedPnl(input, c.mark, { ...options, openLiquidity: 'maker', openFeeRate: maker, closeFeeRate: c.fee, funding }),
              places,
              m,
            ),
          ).toBe(shown(gross.minus(makerFee(e)).minus(fee(p)).minus(F(funding))));
          expect(formatPrice(breakEvenPrice(input, { ...options, feesPaid: `-${feesPaid}`, fundingPaid: funding }), places, m)).toBe(
            shown(
              linear
                ? c.side === 1
                  ? positive(q.times(e).plus(F(funding).minus(F(feesPaid))), q.times(ONE.minus(f)))
                  : positive(q.times(e).minus(F(funding).minus(F(feesPaid))), q.times(ONE.plus(f)))
                : c.side === 1
                  ? positive(q.times(ONE.plus(f)), q.over(e).minus(F(funding).minus(F(feesPaid))))
                  : positive(q.times(ONE.minus(f)), q.over(e).plus(F(funding).minus(F(feesPaid)))),
            ),
          );
          expect(formatAmount(closeFee(input, c.mark, options), places, m)).toBe(shown(fee(p)));
          expect(formatAmount(fundingFee(input, funding, c.mark, options), places, m)).toBe(shown(d.times(value(p)).times(F(funding))));
        },
      ),
      runs,
    );
    drawn.expectEachDrawn(5);
  });

  it('cross hedge mode: the shared liquidation price equals the oracle (linear and inverse)', () => {
    const drawn = inputClasses<{ kind: ContractKind; long: string; short: number; lp: unknown }>({
      linear: ({ kind }) => kind === 'linear',
      inverse: ({ kind }) => kind === 'inverse',
      'no short leg': ({ short }) => short === 0,
      'a short leg larger than the long': ({ long, short }) => short > Number(long),
      'a shared liquidation price': ({ lp }) => lp !== null,
      'no shared liquidation price': ({ lp }) => lp === null,
    });
    fc.assert(
      fc.property(
        caseArb,
        fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 5000 })),
        price,
        mode,
        fc.integer({ min: 0, max: 10 }),
        (c, shortCount, shortPrice, m, places) => {
          const input = {
            ...inputOf({ ...c, cross: true }),
            positionMode: 2,
            longOpenCount: c.count,
            longOpenPrice: c.open,
            shortOpenCount: shortCount,
            shortOpenPrice: shortPrice,
          };
          const linear = c.kind === 'linear';
          const ql = F(c.count).times(F(c.face));
          const qs = F(shortCount).times(F(c.face));
          const el = F(c.open);
          const es = F(shortPrice);
          const coin = F(c.available).plus(F('-12.5')).minus(F('3'));
          const x = (linear ? coin.times(F(c.bp)) : coin).minus(F(c.delegated).over(F(c.level)));
          const charged = ql
            .max(qs)
            .times(F(c.mm))
            .plus(ql.plus(qs).times(F(c.fee)));
          const num = linear ? ql.times(el).minus(qs.times(es)).minus(x) : ql.minus(qs).plus(charged);
          const den = linear ? ql.minus(qs).minus(charged) : x.plus(ql.over(el)).minus(qs.over(es));
          const lp = den.isZero() || !num.over(den).isPositive() ? null : num.over(den);
          drawn.see({ kind: c.kind, long: c.count, short: shortCount, lp });
          expect(formatLiquidationPrice(liquidationPrice(input, { kind: c.kind, faceValue: c.face }), places, m)).toBe(
            showPrice(lp, places, m),
          );
        },
      ),
      runs,
    );
    drawn.expectEachDrawn(5);
  });
});

describe('the figures issue 19 found wrong', () => {
  const inverse = { kind: 'inverse' as const };
  it('inverse short 366 × 100 USD, 120,000 → 75,000: uPnL 0.183000 on both paths (was 0.182999)', () => {
    const input = { position: 2, count: '366', openAvgPrice: '120000', openLevel: 10, marginMode: 1, mm: '0.005', feeRate: '0.0005' };
    const options = { ...inverse, faceValue: 100 };
    expect(formatAmount(unrealizedPnl(input, '75000', options))).toBe('0.183000');
    expect(formatAmount(preparePosition(input, options).tick('75000').unrealizedPnl)).toBe('0.183000');
    expect(preparePosition(input, options).display('75000').unrealizedPnl).toBe('0.183000');
  });

  it('inverse short 30 × 100 USD, 104,000 → 100,000 at 48×: ROE +192.00% on both paths (was +191.99%)', () => {
    const input = { position: 2, count: '30', openAvgPrice: '104000', openLevel: 48, marginMode: 1, mm: '0.005', feeRate: '0.0005' };
    const options = { ...inverse, faceValue: 100 };
    expect(formatRoe(roe(input, '100000', options))).toBe('+192.00%');
    expect(formatRoe(preparePosition(input, options).tick('100000').roe)).toBe('+192.00%');
    expect(preparePosition(input, options).display('100000').roe).toBe('+192.00%');
  });

  it('inverse long 1,971 @ 24 → 27: uPnL 9.125000 (was 9.124999)', () => {
    const input = { position: 1, count: '1971', openAvgPrice: '24', openLevel: 5, marginMode: 1, mm: '0.005', feeRate: '0.0005' };
    expect(formatAmount(unrealizedPnl(input, '27', inverse))).toBe('9.125000');
    expect(formatAmount(preparePosition(input, inverse).tick('27').unrealizedPnl)).toBe('9.125000');
    expect(preparePosition(input, inverse).display('27').unrealizedPnl).toBe('9.125000');
  });

  it('roe() without a margin field: 1 BTC @ 50,000, 3×, mark 51,000 is +6.00% (was +5.99%)', () => {
    const input = { position: 1, count: '1', openAvgPrice: '50000', openLevel: 3 };
    expect(formatRoe(roe(input, '51000'))).toBe('+6.00%');
    expect(roe(input, '51000').toString()).toBe('6');
    expect(preparePosition(input).display('51000').roe).toBe('+6.00%');
  });
});
