// Issue 19, "Missing helpers": bankruptcy price, open/close and funding fees, maintenance-margin tier tables
// with Binance's recomputation when the liquidation price falls in another tier. Published worked examples
// where they exist (sources in docs/futures-maths.md), exact relations otherwise.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  FuturesDecimal,
  FuturesInputError,
  bankruptcyPrice,
  closeFee,
  formatPrice,
  fundingFee,
  liquidationPrice,
  maintenanceMargin,
  marginTierOf,
  marginTierTable,
  openFee,
  realizedPnl,
  unrealizedPnl,
  type ContractKind,
} from '../../../core/index.js';
import { inputClasses } from '../../support/input-classes.js';

// Binance, "How to Calculate Liquidation Price of USDT-Margined Futures" (2020 BTCUSDT brackets): 264,000 USDT
// is at 1 %; the maintenance amount at 500,000 USDT is 250,000 × (1 % − 0.5 %) + 50 = 1,300 USDT.
const BTCUSDT_2020 = [
  { notionalFloor: 0, maintenanceMarginRate: '0.004' },
  { notionalFloor: 50000, maintenanceMarginRate: '0.005' },
  { notionalFloor: 250000, maintenanceMarginRate: '0.01' },
];
// Binance, "How to Calculate Liquidation Price of COIN-M Futures Contracts" and "Leverage and Margin in
// Coin-Margined Futures Contracts" (BTCUSD brackets 10, 20, 30, 50, 100, 200, 400 BTC). Published: 300 BTC is at
// 12.5 %; level 5 = 50 × (5 % − 2.5 %) + 0.56 = 1.81 BTC; the amount at 300 BTC is 11.81 BTC. The rates of the
// lower levels are not on the page; half the initial margin rate (0.4, 0.5, 1, 2.5 %) reproduces all three figures.
const BTCUSD_COIN_M = [
  { notionalFloor: 0, maintenanceMarginRate: '0.004' },
  { notionalFloor: 10, maintenanceMarginRate: '0.005' },
  { notionalFloor: 20, maintenanceMarginRate: '0.01' },
  { notionalFloor: 30, maintenanceMarginRate: '0.025' },
  { notionalFloor: 50, maintenanceMarginRate: '0.05' },
  { notionalFloor: 100, maintenanceMarginRate: '0.1' },
  { notionalFloor: 200, maintenanceMarginRate: '0.125' },
];

/** What a FuturesInputError says: the field it names and the problem. */
const refused = (field: string, problem: string) => expect.objectContaining({ name: 'FuturesInputError', field, problem });

describe('maintenance-margin tier tables', () => {
  it("fills in the maintenance amounts by Binance's formula and matches its published USDT-M figures", () => {
    const table = marginTierTable(BTCUSDT_2020);
    expect(table.tiers.map((t) => t.maintenanceAmount.toString())).toEqual(['0', '50', '1300']);
    expect(marginTierOf(table, '264000').maintenanceMarginRate.toString()).toBe('0.01');
    expect(marginTierOf(table, '500000').maintenanceAmount.toString()).toBe('1300');
    expect(marginTierOf(table, '49999.99').tier).toBe(1);
    // "0 < Position ≤ 50,000": a tier's cap (the next floor) belongs to it.
    expect(marginTierOf(table, '50000').tier).toBe(1);
    expect(marginTierOf(table, '50000.01').tier).toBe(2);
  });

  it('matches the published COIN-M figures: level 4 0.56 BTC, level 5 1.81 BTC, 300 BTC at 12.5 % with 11.81 BTC', () => {
    const table = marginTierTable(BTCUSD_COIN_M);
    expect(table.tiers[3]!.maintenanceAmount.toString()).toBe('0.56');
    expect(table.tiers[4]!.maintenanceAmount.toString()).toBe('1.81');
    const at300 = marginTierOf(table, 300);
    expect(at300.maintenanceMarginRate.toString()).toBe('0.125');
    expect(at300.maintenanceAmount.toString()).toBe('11.81');
  });

  it('maintenance margin is continuous across tier floors (that is what the maintenance amount is for)', () => {
    const table = marginTierTable(BTCUSDT_2020);
    for (const floor of ['50000', '250000']) {
      const input = { position: 1, count: '1', openAvgPrice: floor, mm: '0' };
      const atFloor = maintenanceMargin(input, { tiers: table });
      // Just below the floor, in the tier below: the same amount up to the step.
      const below = maintenanceMargin({ ...input, openAvgPrice: new FuturesDecimal(floor).minus('0.01').toString() }, { tiers: table });
      expect(atFloor.minus(below).abs().lte('0.0001')).toBe(true);
    }
    // 300,000 USDT at 1 % less 1,300.
    expect(maintenanceMargin({ position: 1, count: '3', openAvgPrice: '100000', mm: '0.9' }, { tiers: BTCUSDT_2020 }).toString()).toBe(
      '1700',
    );
  });

  it('a tier that is no object is "not-an-object", naming tiers[i]', () => {
    for (const tier of [null, 5, 'tier']) {
      expect(() => marginTierTable([{ notionalFloor: '0', maintenanceMarginRate: '0.004', maxLeverage: '125' }, tier] as never)).toThrow(
        expect.objectContaining({ name: 'FuturesInputError', field: 'tiers[1]', problem: 'not-an-object' }),
      );
    }
  });

  it('a tier that is a function is "not-an-object" too, naming tiers[i]', () => {
    expect(() => marginTierTable([BTCUSDT_2020[0]!, () => BTCUSDT_2020[1]] as never)).toThrow(refused('tiers[1]', 'not-an-object'));
  });

  it('tiers that are no array are "missing", an array that cannot be read "not-an-object", naming tiers', () => {
    expect(() => marginTierTable({ length: 1, 0: BTCUSDT_2020[0] } as never)).toThrow(refused('tiers', 'missing'));
    expect(() => marginTierTable(5 as never)).toThrow(refused('tiers', 'missing'));
    const unreadable = new Proxy([], {
      get() {
        throw new Error('unreadable');
      },
    });
    expect(() => marginTierTable(unreadable)).toThrow(refused('tiers', 'not-an-object'));
  });

  it('refuses non-numeric or negative floors, rates and amounts, naming tiers[i].field', () => {
    const first = { notionalFloor: 0, maintenanceMarginRate: '0.004' };
    expect(() => marginTierTable([{ ...first, notionalFloor: 'x' }])).toThrow(refused('tiers[0].notionalFloor', 'not-numeric'));
    expect(() => marginTierTable([first, { notionalFloor: -5, maintenanceMarginRate: '0.01' }])).toThrow(
      refused('tiers[1].notionalFloor', 'negative'),
    );
    expect(() => marginTierTable([{ ...first, maintenanceMarginRate: 'x' }])).toThrow(
      refused('tiers[0].maintenanceMarginRate', 'not-numeric'),
    );
    expect(() => marginTierTable([{ ...first, maintenanceMarginRate: '-0.01' }])).toThrow(
      refused('tiers[0].maintenanceMarginRate', 'negative'),
    );
    expect(() => marginTierTable([{ ...first, maintenanceAmount: 'x' }])).toThrow(refused('tiers[0].maintenanceAmount', 'not-numeric'));
    expect(() => marginTierTable([{ ...first, maintenanceAmount: '-1' }])).toThrow(refused('tiers[0].maintenanceAmount', 'negative'));
  });

  it('maxLeverage is kept as given, null when absent or null, and must be a positive number, naming tiers[i].maxLeverage', () => {
    const first = { notionalFloor: 0, maintenanceMarginRate: '0.004' };
    const table = marginTierTable([
      { ...first, maxLeverage: '125' },
      { notionalFloor: 50000, maintenanceMarginRate: '0.005', maxLeverage: null as never },
    ]);
    expect(table.tiers[0]!.maxLeverage!.toString()).toBe('125');
    expect(table.tiers[1]!.maxLeverage).toBeNull();
    expect(marginTierTable([first]).tiers[0]!.maxLeverage).toBeNull();
    expect(() => marginTierTable([{ ...first, maxLeverage: 'x' }])).toThrow(refused('tiers[0].maxLeverage', 'not-numeric'));
    expect(() => marginTierTable([{ ...first, maxLeverage: 0 }])).toThrow(refused('tiers[0].maxLeverage', 'zero'));
    expect(() => marginTierTable([{ ...first, maxLeverage: -1 }])).toThrow(refused('tiers[0].maxLeverage', 'negative'));
  });

  it('a computed maintenance amount (absent or null) stays exact: no rounding step at a floor, even with 45-decimal rates', () => {
    const rate = `0.${'1'.repeat(45)}`;
    for (const maintenanceAmount of [undefined, null as never]) {
      const tiers = [
        { notionalFloor: 0, maintenanceMarginRate: 0 },
        { notionalFloor: 1, maintenanceMarginRate: rate, maintenanceAmount },
      ];
      // At the floor 1: 1 × rate − amount, where amount = 1 × (rate − 0) + 0 = rate exactly.
      expect(maintenanceMargin({ count: 1, openAvgPrice: 1, mm: 0 }, { tiers }).toString()).toBe('0');
    }
  });

  it('marginTierOf refuses a negative or non-numeric notional, naming notional', () => {
    expect(() => marginTierOf(BTCUSDT_2020, '-1')).toThrow(refused('notional', 'negative'));
    expect(() => marginTierOf(BTCUSDT_2020, 'x')).toThrow(refused('notional', 'not-numeric'));
    expect(marginTierOf(BTCUSDT_2020, 0).tier).toBe(1);
  });

  it('refuses tables that are empty, do not start at 0, have falling floors or falling rates, naming the field', () => {
    expect(() => marginTierTable([])).toThrow(expect.objectContaining({ field: 'tiers', problem: 'missing' }));
    expect(() => marginTierTable([{ notionalFloor: 5, maintenanceMarginRate: '0.01' }])).toThrow(
      expect.objectContaining({ field: 'tiers[0].notionalFloor', problem: 'out-of-order' }),
    );
    expect(() => marginTierTable([BTCUSDT_2020[0]!, { notionalFloor: 0, maintenanceMarginRate: '0.01' }])).toThrow(
      expect.objectContaining({ field: 'tiers[1].notionalFloor', problem: 'out-of-order' }),
    );
    expect(() => marginTierTable([BTCUSDT_2020[0]!, { notionalFloor: 10, maintenanceMarginRate: '0.001' }])).toThrow(
      expect.objectContaining({ field: 'tiers[1].maintenanceMarginRate', problem: 'out-of-order' }),
    );
    expect(() => marginTierTable([{ notionalFloor: 0, maintenanceMarginRate: 'x' }])).toThrow(FuturesInputError);
    expect(() =>
      liquidationPrice({ position: 1, marginMode: 1, count: 1, openAvgPrice: 1, openLevel: 1, feeRate: 0 }, { tiers: { tiers: [] } }),
    ).toThrow(expect.objectContaining({ field: 'tiers', problem: 'not-an-option' }));
  });

  it('recomputes the liquidation price with the tier its own notional falls in (Binance)', () => {
    // 10 BTC long at 30,000 (300,000 USDT, tier 3: 1 %, cum 1,300) with 150,000 margin. Tier 3 gives
    // (150,000 + 1,300 − 300,000)/(10 × (0.01 − 1)) = 15,020.20…, a notional of 150,202 in tier 2;
    // tier 2 (0.5 %, cum 50) gives (150,000 + 50 − 300,000)/(10 × (0.005 − 1)) = 149,950/9.95, which stays in tier 2.
    const input = { position: 1, marginMode: 1, count: '10', openAvgPrice: '30000', openMarginCount: '150000', mm: '0.01', feeRate: '0' };
    const entryTier = liquidationPrice(input, { maintenanceAmount: 1300 })!;
    expect(formatPrice(entryTier, 2)).toBe('15020.20');
    const tiered = liquidationPrice(input, { tiers: BTCUSDT_2020 })!;
    expect(tiered.eq(liquidationPrice({ ...input, mm: '0.005' }, { maintenanceAmount: 50 })!)).toBe(true);
    expect(formatPrice(tiered, 2)).toBe('15070.35');
    // The position's own tier is kept when the price stays in it: 10x, 30,000 margin.
    const tenX = { ...input, openMarginCount: '30000' };
    expect(liquidationPrice(tenX, { tiers: BTCUSDT_2020 })!.eq(liquidationPrice(tenX, { maintenanceAmount: 1300 })!)).toBe(true);
  });

  it('the tiered liquidation price is consistent: computed with the tier of its own notional, it gives itself', () => {
    const table = marginTierTable(BTCUSD_COIN_M);
    const drawn = inputClasses<{ lp: unknown; tier: number }>({
      'a liquidation price to check': ({ lp }) => lp !== null,
      'in the first tier': ({ lp, tier }) => lp !== null && tier === 0,
      'in a higher tier': ({ lp, tier }) => lp !== null && tier > 0,
    });
    fc.assert(
      fc.property(
        fc.constantFrom<ContractKind>('linear', 'inverse'),
        fc.constantFrom(1, 2),
        fc.integer({ min: 1, max: 40000 }),
        fc.integer({ min: 1000, max: 100000 }),
        fc.integer({ min: 1, max: 125 }),
        fc.boolean(),
        (kind, side, count, open, level, cross) => {
          // Linear sizes in hundredths of a coin against the BTC-sized table scaled ×10,000 (quote notionals).
          const tiers = kind === 'linear' ? BTCUSD_COIN_M.map((t) => ({ ...t, notionalFloor: t.notionalFloor * 10000 })) : table;
          const input = {
            position: side,
            marginMode: cross ? 2 : 1,
            positionMode: 1,
            count: kind === 'linear' ? count / 100 : count * 100,
            openAvgPrice: open,
            openLevel: level,
            available: '50000',
            mm: '0',
            feeRate: '0.0004',
          };
          const lp = liquidationPrice(input, { kind, tiers });
          if (lp === null) return drawn.see({ lp, tier: -1 });
          const notional = kind === 'linear' ? lp.times(input.count) : new FuturesDecimal(input.count).div(lp);
          const tier = marginTierOf(tiers, notional);
          drawn.see({ lp, tier: Number(tier.notionalFloor) === 0 ? 0 : 1 });
          const again = liquidationPrice({ ...input, mm: tier.maintenanceMarginRate }, { kind, maintenanceAmount: tier.maintenanceAmount });
          expect(again!.minus(lp).abs().lte(lp.times('1e-38'))).toBe(true);
        },
      ),
      { numRuns: 300 },
    );
    drawn.expectEachDrawn(10);
  });
});

describe('bankruptcy price', () => {
  it('isolated inverse at the initial margin: E·L/(L + 1) long, E·L/(L − 1) short (published formula)', () => {
    // Source: "Bankruptcy Price", help.mcs.io (isolated margin, inverse contracts).
    const base = { marginMode: 1, count: '1000', openAvgPrice: '10000', openLevel: 10 };
    const long = bankruptcyPrice({ ...base, position: 1 }, { kind: 'inverse', faceValue: 1 })!;
    const short = bankruptcyPrice({ ...base, position: 2 }, { kind: 'inverse' })!;
    expect(formatPrice(long, 6)).toBe(formatPrice(new FuturesDecimal(100000).div(11), 6)); // 9090.909090
    expect(short.minus(new FuturesDecimal(100000).div(9)).abs().lt('1e-30')).toBe(true);
    expect(formatPrice(short, 2)).toBe('11111.11');
  });

  it('isolated linear: the open price less (long) or plus (short) margin per unit; the uPnL there is minus the margin', () => {
    const base = { marginMode: 1, count: '2', openAvgPrice: '50000', openMarginCount: '10000' };
    expect(bankruptcyPrice({ ...base, position: 1 })!.toString()).toBe('45000');
    expect(bankruptcyPrice({ ...base, position: 2 })!.toString()).toBe('55000');
    expect(unrealizedPnl({ ...base, position: 1 }, '45000').toString()).toBe('-10000');
    // 1x short inverse: the margin is the whole coin notional, so no finite price uses it up: none.
    expect(bankruptcyPrice({ position: 2, marginMode: 1, count: 100, openAvgPrice: 100, openLevel: 1 }, { kind: 'inverse' })).toBeNull();
  });

  it('lies beyond the liquidation price: equity runs out after maintenance does', () => {
    const base = { marginMode: 1, count: '2', openAvgPrice: '50000', openLevel: 20, mm: '0.004', feeRate: '0.0006' };
    expect(bankruptcyPrice({ ...base, position: 1 })!.lt(liquidationPrice({ ...base, position: 1 })!)).toBe(true);
    expect(bankruptcyPrice({ ...base, position: 2 })!.gt(liquidationPrice({ ...base, position: 2 })!)).toBe(true);
  });
});

describe('trading and funding fees', () => {
  it('open and close fees are notional × rate: linear Q·price·f, inverse Q/price·f', () => {
    const linear = { position: 1, count: '0.5', openAvgPrice: '63800', feeRate: '0.0006' };
    expect(openFee(linear).toString()).toBe('19.14');
    expect(closeFee(linear, '64000').toString()).toBe('19.2');
    expect(openFee(linear, { feeRate: '0.0002', quantity: '0.25' }).toString()).toBe('3.19');
    const inverse = { position: 2, count: '100', openAvgPrice: '40000', feeRate: '0.0005' };
    expect(openFee(inverse, { kind: 'inverse', faceValue: 100 }).toString()).toBe('0.000125');
    expect(closeFee(inverse, '50000', { kind: 'inverse', faceValue: 100 }).toString()).toBe('0.0001');
  });

  it('realised PnL net of fees is the gross PnL less openFee and closeFee, exactly', () => {
    const drawn = inputClasses<{ side: number; e: number; c: number }>({
      'closed above the open price': ({ e, c }) => c > e,
      'closed below the open price': ({ e, c }) => c < e,
      long: ({ side }) => side === 1,
      short: ({ side }) => side === 2,
    });
    fc.assert(
      fc.property(
        fc.constantFrom<ContractKind>('linear', 'inverse'),
        fc.constantFrom(1, 2),
        fc.integer({ min: 1, max: 1e6 }),
        fc.integer({ min: 1, max: 1e6 }),
        fc.integer({ min: 1, max: 1e6 }),
        (kind, side, q, e, c) => {
          drawn.see({ side, e, c });
          const input = { position: side, count: q, openAvgPrice: e, feeRate: '0.0007' };
          const net = realizedPnl(input, c, { kind, feeRate: '0.0007' });
          const gross = realizedPnl(input, c, { kind });
          const fees = openFee(input, { kind }).plus(closeFee(input, c, { kind }));
          // Each figure is exact to 41 decimals (an error below 1e-41 each). The sums on this side round at 40
          // significant digits, so each is off by up to half a unit in its 40th digit: relative to the fees and to
          // gross − fees, not to the gross PnL, which is 0 when the position closes at its open price.
          const bound = gross.abs().plus(fees.abs()).times('1e-39').plus('3e-41');
          expect(net.minus(gross.minus(fees)).abs().toNumber()).toBeLessThanOrEqual(bound.toNumber());
        },
      ),
      // Closing at the open price, where the gross PnL is 0 and the fees carry the rounding alone.
      {
        numRuns: 200,
        examples: [
          ['inverse', 1, 260056, 3, 3],
          ['inverse', 2, 7, 3, 3],
          ['linear', 1, 1e6, 999_999, 999_999],
        ],
      },
    );
    drawn.expectEachDrawn(20);
  });

  it('funding is rate × notional at the mark, paid by longs when the rate is positive (negative = received)', () => {
    const long = { position: 1, count: '2', openAvgPrice: '48000' };
    expect(fundingFee(long, '0.0001', '50000').toString()).toBe('10');
    expect(fundingFee({ ...long, position: 2 }, '0.0001', '50000').toString()).toBe('-10');
    expect(fundingFee(long, '-0.0001', '50000').toString()).toBe('-10');
    // Coin-M: 100 contracts × 100 USD at mark 40,000: 0.25 BTC notional × 0.01 % = 0.000025 BTC.
    expect(fundingFee(long, '0.0001', '40000', { kind: 'inverse', faceValue: 100 }).toString()).toBe('0.0000005');
    expect(fundingFee({ ...long, count: 100 }, '0.0001', '40000', { kind: 'inverse', faceValue: 100 }).toString()).toBe('0.000025');
    expect(() => fundingFee(long, 'NaN', '1')).toThrow(expect.objectContaining({ field: 'fundingRate', problem: 'not-finite' }));
  });

  it('refuses a quantity, close price or mark price that is not a positive number, naming the field', () => {
    const position = { position: 1, count: '2', openAvgPrice: '48000', feeRate: '0.0005' };
    expect(() => openFee(position, { quantity: 'x' })).toThrow(refused('quantity', 'not-numeric'));
    expect(() => openFee(position, { quantity: 0 })).toThrow(refused('quantity', 'zero'));
    expect(() => closeFee(position, '50000', { quantity: '-1' })).toThrow(refused('quantity', 'negative'));
    expect(() => closeFee(position, 'x')).toThrow(refused('closePrice', 'not-numeric'));
    expect(() => closeFee(position, 0)).toThrow(refused('closePrice', 'zero'));
    expect(() => fundingFee(position, '0.0001', 'x')).toThrow(refused('markPrice', 'not-numeric'));
    expect(() => fundingFee(position, '0.0001', '-1')).toThrow(refused('markPrice', 'negative'));
  });
});
