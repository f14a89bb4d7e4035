// Liquidation price, worked by hand from the formulas of docs/futures-maths.md, for every mode.
import { describe, expect, it } from 'vitest';
import {
  FuturesDecimal,
  formatLiquidationPrice,
  liquidationPrice,
  roe,
  unrealizedPnl,
  type FuturesPositionInput,
} from '../../../core/index.js';

const isolatedLong: FuturesPositionInput = {
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

describe('liquidationPrice', () => {
  it('isolated long: LP = (M·bp + cum − d·Q·E)/(Q·(MMR + f − d)) = (5,000 − 50,000)/(0.0046 − 1)', () => {
    const lp = liquidationPrice(isolatedLong)!;
    expect(lp.toFixed(8)).toBe(new FuturesDecimal(-45000).div('-0.9954').toFixed(8));
    expect(lp.toFixed(2)).toBe('45207.96');
  });

  it('isolated short: LP = (M + Q·E)/(Q·(1 + MMR + f)) = 55,000/1.0046', () => {
    const lp = liquidationPrice({ ...isolatedLong, position: 2 })!;
    expect(lp.toFixed(2)).toBe('54748.16');
  });

  it('isolated with a tier maintenance amount: cum adds to the margin side', () => {
    const lp = liquidationPrice(isolatedLong, { maintenanceAmount: '50' })!;
    expect(lp.toFixed(8)).toBe(new FuturesDecimal(-44950).div('-0.9954').toFixed(8));
  });

  it('isolated with bp: margin in a coin is converted at its index price (M·bp)', () => {
    const lp = liquidationPrice({ ...isolatedLong, openMarginCount: '0.1', bp: '50000' })!;
    expect(lp.toFixed(2)).toBe('45207.96');
  });

  it('isolated long with margin ≥ notional: no liquidation price ("--")', () => {
    const lp = liquidationPrice({ ...isolatedLong, openMarginCount: '60000' });
    expect(lp).toBeNull();
    expect(formatLiquidationPrice(lp)).toBe('--');
  });

  it('isolated inverse long: LP = Q·(1 + MMR + f)/(M + cum + Q/E)', () => {
    const position = { ...isolatedLong, count: '100', openAvgPrice: '10000', openMarginCount: '0.001' };
    const lp = liquidationPrice(position, { kind: 'inverse', faceValue: '100' })!;
    // Q = 10,000 USD; 10,000 × 1.0046 / (0.001 + 1) = 10,036.…
    expect(lp.toFixed(6)).toBe(new FuturesDecimal('10046').div('1.001').toFixed(6));
  });

  it('isolated inverse long with a tier maintenance amount: LP = Q·(MMR + f + d)/(M + cum + d·Q/E) = 10,046/1.102', () => {
    // Worked by hand from docs/futures-maths.md (isolated, inverse), every amount in the base coin:
    //   Q = 100 contracts × face value 100 USD = 10,000 USD; E = 10,000, so Q/E = 1 BTC; d = +1
    //   M = 0.1 BTC; cum = 0.002 BTC; MMR = 0.004; f = 0.0006
    //   numerator   Q·(MMR + f + d) = 10,000 × (0.004 + 0.0006 + 1) = 10,000 × 1.0046 = 10,046
    //   denominator M + cum + d·Q/E = 0.1 + 0.002 + 1 = 1.102
    //   LP = 10,046 / 1.102 = 10,046,000 / 1,102: 1,102 × 9,116 = 10,045,832, remainder 168;
    //   168 / 1,102 = 0.152450090744… so LP = 9,116.152450090744… (without cum: 10,046 / 1.1 = 9,132.727…)
    // Where it comes from: equity M + Q·(1/E − 1/P) equals maintenance MMR·Q/P − cum plus the close fee f·Q/P.
    const position = { ...isolatedLong, count: '100', openAvgPrice: '10000', openMarginCount: '0.1' };
    const options = { kind: 'inverse' as const, faceValue: '100', maintenanceAmount: '0.002' };
    const lp = liquidationPrice(position, options)!;
    expect(lp.toFixed(12)).toBe('9116.152450090744');
    expect(formatLiquidationPrice(lp)).toBe('9116.152450');
    expect(liquidationPrice(position, { kind: 'inverse', faceValue: '100' })!.toFixed(3)).toBe('9132.727');
    // The defining equation holds at LP far below any displayed decimal.
    const q = new FuturesDecimal(10000);
    const equity = new FuturesDecimal('0.1').plus(q.times(new FuturesDecimal(1).div(10000).minus(new FuturesDecimal(1).div(lp))));
    const maintenancePlusFee = q.times('0.004').div(lp).minus('0.002').plus(q.times('0.0006').div(lp));
    expect(equity.minus(maintenancePlusFee).abs().lt('1e-30')).toBe(true);
  });

  it('achievedProfits (realised PnL of past closes) is accepted and changes no figure of the open position', () => {
    const withProfits = { ...isolatedLong, achievedProfits: '1234.5' };
    expect(liquidationPrice(withProfits)!.toFixed(20)).toBe(liquidationPrice(isolatedLong)!.toFixed(20));
    expect(unrealizedPnl(withProfits, '51000').toFixed()).toBe(unrealizedPnl(isolatedLong, '51000').toFixed());
    expect(roe(withProfits, '51000').toFixed()).toBe(roe(isolatedLong, '51000').toFixed());
  });

  it('cross one-way: X = (available + othersUpnl − othersMaintain)·bp − totalDelegateValue/L replaces M·bp', () => {
    const cross = {
      ...isolatedLong,
      marginMode: 2,
      positionMode: 1,
      openMarginCount: undefined,
      available: '8000',
      othersUpnl: '-500',
      othersMaintain: '300',
      totalDelegateValue: '2000',
    };
    // X = 7,200 − 200 = 7,000; LP = (7,000 − 50,000)/(0.0046 − 1)
    const lp = liquidationPrice(cross)!;
    expect(lp.toFixed(8)).toBe(new FuturesDecimal(-43000).div('-0.9954').toFixed(8));
  });

  it('cross hedge: LP = (QL·EL − QS·ES − X)/(QL − QS − MMR·max(QL, QS) − f·(QL + QS))', () => {
    const hedge = {
      ...isolatedLong,
      marginMode: 2,
      positionMode: 2,
      available: '3000',
      longOpenCount: '2',
      longOpenPrice: '50000',
      shortOpenCount: '1',
      shortOpenPrice: '51000',
    };
    // numerator 100,000 − 51,000 − 3,000 = 46,000; denominator 2 − 1 − 0.008 − 0.0018 = 0.9902
    const lp = liquidationPrice(hedge)!;
    expect(lp.toFixed(8)).toBe(new FuturesDecimal(46000).div('0.9902').toFixed(8));
  });

  it('cross hedge with equal legs and no rates: denominator 0 → no liquidation price', () => {
    const hedge = {
      ...isolatedLong,
      marginMode: 2,
      positionMode: 2,
      available: '3000',
      mm: 0,
      feeRate: 0,
      longOpenCount: '1',
      longOpenPrice: '50000',
      shortOpenCount: '1',
      shortOpenPrice: '50000',
    };
    expect(liquidationPrice(hedge)).toBeNull();
  });

  it('a negative result is "no liquidation price", never a negative number', () => {
    const short = { ...isolatedLong, position: 2, marginMode: 2, positionMode: 1, available: '-60000' };
    expect(liquidationPrice(short)).toBeNull();
  });

  it('reads the positions* twins when the plain fields are absent (openDealCount − closeDealCount as size)', () => {
    const twins = {
      position: 1,
      marginMode: '1',
      positionsOpenAvgPrice: '50000',
      openDealCount: '1.5',
      closeDealCount: '0.5',
      positionsLevel: '10',
      positionsOpenMarginCount: '5000',
      mm: '0.004',
      feeRate: '0.0006',
    };
    expect(liquidationPrice(twins)!.toFixed(8)).toBe(liquidationPrice(isolatedLong)!.toFixed(8));
  });
});

// Issue 24: the cases the mutation run found unexercised: bp in cross and inverse, inverse cross, and hedge mode
// without leg counts. Expected prices are worked by hand from docs/futures-maths.md (MMR 0.004, f 0.0006) and
// written as exact decimal strings (rounded half-up at 12 places, as toFixed does).
describe('liquidationPrice: bp, inverse cross and hedge without leg counts', () => {
  const crossOneWay: FuturesPositionInput = {
    ...isolatedLong,
    marginMode: 2,
    positionMode: 1,
    openMarginCount: undefined,
    available: '0.2',
    othersUpnl: '0.01',
    othersMaintain: '0.03',
    totalDelegateValue: '1000',
    bp: '50000',
  };

  it('cross one-way linear: the coin equity is converted at bp before the pending orders are reserved', () => {
    // X = (0.2 + 0.01 − 0.03) × 50,000 − 1,000/10 = 9,000 − 100 = 8,900; LP = (8,900 − 50,000)/(0.0046 − 1)
    //   = 41,100/0.9954 = 41,289.933694996986…
    expect(liquidationPrice(crossOneWay)!.toFixed(12)).toBe('41289.933694996986');
  });

  it('cross one-way inverse: X = available + othersUpnl − othersMaintain − totalDelegateValue/L, bp not applied', () => {
    // Q = 100 × 100 USD = 10,000; Q/E = 1 BTC; X = 0.5 + 0.02 − 0.01 − 0.1/10 = 0.5 BTC.
    const inverse = {
      ...crossOneWay,
      count: '100',
      openAvgPrice: '10000',
      available: '0.5',
      othersUpnl: '0.02',
      othersMaintain: '0.01',
      totalDelegateValue: '0.1',
      bp: '7',
    };
    const options = { kind: 'inverse' as const, faceValue: '100' };
    // long: Q·(MMR + f + 1)/(X + cum + Q/E) = 10,046/1.5; with cum 0.05: 10,046/1.55
    expect(liquidationPrice(inverse, options)!.toFixed(12)).toBe('6697.333333333333');
    expect(liquidationPrice(inverse, { ...options, maintenanceAmount: '0.05' })!.toFixed(12)).toBe('6481.290322580645');
    // short: Q·(MMR + f − 1)/(X + cum − Q/E) = −9,954/−0.5 = 19,908 exactly
    expect(liquidationPrice({ ...inverse, position: 2 }, options)!.toString()).toBe('19908');
    // bp is the margin coin's index price of linear contracts; an inverse position's figures do not move with it.
    expect(liquidationPrice({ ...inverse, bp: undefined }, options)!.toFixed(12)).toBe('6697.333333333333');
  });

  it('isolated inverse: the margin is already in the base coin, so bp is not applied', () => {
    const position = { ...isolatedLong, count: '100', openAvgPrice: '10000', openMarginCount: '0.1', bp: '3' };
    // 10,046/(0.1 + 1) = 9,132.727272…
    expect(liquidationPrice(position, { kind: 'inverse', faceValue: '100' })!.toFixed(12)).toBe('9132.727272727273');
  });

  it('cross hedge without leg counts: the position itself is the only leg (long and short)', () => {
    const hedge = { ...isolatedLong, marginMode: 2, positionMode: 2, openMarginCount: undefined, available: '3000' };
    // long: (Q·E − X)/(Q − MMR·Q − f·Q) = 47,000/0.9954; short: (−Q·E − X)/(−Q − MMR·Q − f·Q) = 53,000/1.0046
    expect(liquidationPrice(hedge)!.toFixed(12)).toBe('47217.199115933293');
    expect(liquidationPrice({ ...hedge, position: 2 })!.toFixed(12)).toBe('52757.316344813856');
    // Leg counts given as null (as a JSON payload may carry them) are absent too.
    const nullLegs = { ...hedge, longOpenCount: null, shortOpenCount: null } as unknown as FuturesPositionInput;
    expect(liquidationPrice(nullLegs)!.toFixed(12)).toBe('47217.199115933293');
    // One leg count given is enough to read the legs: a long position with only a short leg in the book.
    // (0 − 1 × 51,000 − 3,000)/(0 − 1 − 0.004 − 0.0006) = 54,000/1.0046
    expect(liquidationPrice({ ...hedge, shortOpenCount: '1', shortOpenPrice: '51000' })!.toFixed(12)).toBe('53752.737407923552');
  });

  it('cross one-way ignores hedge leg counts the payload may carry: only hedge mode reads them', () => {
    const legs = { longOpenCount: '2', longOpenPrice: '50000', shortOpenCount: '1', shortOpenPrice: '51000' };
    // One-way: X = 8,900 as above, LP = 41,100/0.9954, whatever the legs say.
    expect(liquidationPrice({ ...crossOneWay, ...legs })!.toFixed(12)).toBe('41289.933694996986');
    // Hedge mode reads them: (100,000 − 51,000 − 8,900)/(2 − 1 − 0.008 − 0.0018) = 40,100/0.9902
    expect(liquidationPrice({ ...crossOneWay, ...legs, positionMode: 2 })!.toFixed(8)).toBe(
      new FuturesDecimal(40100).div('0.9902').toFixed(8),
    );
  });

  it('cross hedge linear with the short leg larger, bp and cum: MMR on max(QL, QS), bp on X', () => {
    const hedge = {
      ...isolatedLong,
      marginMode: 2,
      positionMode: 2,
      openMarginCount: undefined,
      available: '0.06',
      bp: '50000',
      longOpenCount: '1',
      longOpenPrice: '50000',
      shortOpenCount: '3',
      shortOpenPrice: '51000',
    };
    // X = 0.06 × 50,000 = 3,000; (50,000 − 153,000 − 3,000 − 10)/(1 − 3 − 0.004 × 3 − 0.0006 × 4) = 106,010/2.0144
    expect(liquidationPrice(hedge, { maintenanceAmount: '10' })!.toFixed(12)).toBe('52626.092136616362');
  });

  it('cross hedge inverse: (QL − QS + MMR·max(QL, QS) + f·(QL + QS))/(X + cum + QL/EL − QS/ES)', () => {
    const hedge = {
      ...isolatedLong,
      marginMode: 2,
      positionMode: 2,
      openMarginCount: undefined,
      available: '0.5',
      bp: '7',
      longOpenCount: '200',
      longOpenPrice: '10000',
      shortOpenCount: '100',
      shortOpenPrice: '12500',
    };
    // QL = 20,000 USD, QS = 10,000 USD; numerator 10,000 + 80 + 18 = 10,098; denominator 0.5 + 2 − 0.8 = 1.7
    const options = { kind: 'inverse' as const, faceValue: '100' };
    expect(liquidationPrice(hedge, options)!.toString()).toBe('5940');
    // with cum 0.02 BTC: 10,098/1.72
    expect(liquidationPrice(hedge, { ...options, maintenanceAmount: '0.02' })!.toFixed(12)).toBe('5870.930232558140');
  });
});

describe('liquidationPrice: tiers in hedge mode, and the fields named in errors', () => {
  // Binance's 2020 BTCUSDT brackets (see tiers-fees-bankruptcy.test.ts): tier 3 from 250,000 at 1 %, cum 1,300;
  // tier 2 from 50,000 at 0.5 %, cum 50.
  const BTCUSDT_2020 = [
    { notionalFloor: 0, maintenanceMarginRate: '0.004' },
    { notionalFloor: 50000, maintenanceMarginRate: '0.005' },
    { notionalFloor: 250000, maintenanceMarginRate: '0.01' },
  ];

  it('cross hedge with tiers: the tier follows the notional at the resulting price, not at the open prices', () => {
    // Long leg 10 at 30,000 (300,000, tier 3), X = 150,000, f = 0. Tier 3: (300,000 − 150,000 − 1,300)/(10 − 0.1)
    // = 15,020.20…, a notional of 150,202 in tier 2; tier 2: (300,000 − 150,000 − 50)/(10 − 0.05) = 149,950/9.95,
    // notional 150,703.5…, still tier 2.
    const hedge = {
      position: 1,
      marginMode: 2,
      positionMode: 2,
      count: '10',
      openAvgPrice: '30000',
      openLevel: '10',
      mm: '0.01',
      feeRate: '0',
      available: '150000',
      longOpenCount: '10',
      longOpenPrice: '30000',
      shortOpenCount: '0',
    };
    expect(liquidationPrice(hedge, { maintenanceAmount: '1300' })!.toFixed(12)).toBe('15020.202020202020');
    expect(liquidationPrice(hedge, { tiers: BTCUSDT_2020 })!.toFixed(12)).toBe('15070.351758793970');
    // The same without leg counts: the position is the only leg.
    const ownLeg = { ...hedge, longOpenCount: undefined, shortOpenCount: undefined };
    expect(liquidationPrice(ownLeg, { tiers: BTCUSDT_2020 })!.toFixed(12)).toBe('15070.351758793970');
  });

  const good: FuturesPositionInput = { ...isolatedLong, marginMode: 2, positionMode: 1, openMarginCount: undefined, available: '8000' };
  it.each([
    ['maintenanceAmount', () => liquidationPrice(isolatedLong, { maintenanceAmount: '-1' }), 'negative'],
    ['othersUpnl', () => liquidationPrice({ ...good, othersUpnl: 'x' }), 'not-numeric'],
    ['othersMaintain', () => liquidationPrice({ ...good, othersMaintain: '-1' }), 'negative'],
    ['totalDelegateValue', () => liquidationPrice({ ...good, totalDelegateValue: '-1' }), 'negative'],
  ] as const)('%s is named when it is refused', (field, fn, problem) => {
    expect(fn).toThrowError(expect.objectContaining({ name: 'FuturesInputError', field, problem }));
  });

  it('negative cross equity inputs are accepted where the sign is free (available, othersUpnl)', () => {
    // X = −1,000 + 500 = −500: (−500 − 50,000)/(0.0046 − 1) = 50,500/0.9954
    expect(liquidationPrice({ ...good, available: '-1000', othersUpnl: '500' })!.toFixed(8)).toBe(
      new FuturesDecimal(50500).div('0.9954').toFixed(8),
    );
  });
});

// Tables whose maintenance amounts are given (not computed by Binance's formula) can make the maintenance margin
// jump at a floor, so that more than one tier, or none, is consistent with its own price. These pin the documented
// order: start from the tier of the open notional, follow the price; only a circle falls back to the lowest tier
// whose own price lands in it. Isolated long, Q = 1 at E = 100,000, margin 30,000, f = 0, every rate 1 %:
// a tier with amount cum gives LP = (100,000 − 30,000 − cum)/(1 − 0.01) = (70,000 − cum)/0.99.
describe('liquidationPrice: tier tables with given maintenance amounts', () => {
  const position = { position: 1, marginMode: 1, count: '1', openAvgPrice: '100000', openMarginCount: '30000', feeRate: '0' };
  // Floors 0, 40,000, 50,000, 60,000; the open notional 100,000 is in the fourth tier.
  const table = (amounts: [number, number, number, number]) =>
    [0, 40000, 50000, 60000].map((floor, i) => ({ notionalFloor: floor, maintenanceMarginRate: '0.01', maintenanceAmount: amounts[i]! }));

  it('the tier of the open notional wins when its price stays in it, even when a lower tier is consistent too', () => {
    // tier 4 (cum 0): 70,000/0.99 = 70,707.07…, in tier 4; tier 1 (cum 40,000): 30,000/0.99 = 30,303.03…, in tier 1 too
    expect(liquidationPrice(position, { tiers: table([40000, 0, 0, 0]) })!.toFixed(12)).toBe('70707.070707070707');
  });

  it('the price is followed to the tier it lands in (not the lowest consistent tier)', () => {
    // tier 4 (cum 15,000): 55,000/0.99 = 55,555.5…, in tier 3; tier 3 (cum 15,000) gives the same price, in tier 3.
    // Tier 1 (cum 40,000) would be consistent as well, but the recomputation never goes there.
    expect(liquidationPrice(position, { tiers: table([40000, 0, 15000, 15000]) })!.toFixed(12)).toBe('55555.555555555556');
  });

  it('no price in the tier the recomputation reaches is no liquidation price', () => {
    // tier 4 → 55,555.5… in tier 3, whose amount 80,000 exceeds 70,000: no positive price. Tier 1 is not tried.
    expect(liquidationPrice(position, { tiers: table([40000, 0, 80000, 15000]) })).toBeNull();
  });

  it('a circle falls back to the lowest tier whose own price lands in it', () => {
    // tier 4 (cum 15,000) → 55,555.5… in tier 3; tier 3 (cum 0) → 70,707.07… in tier 4: a circle.
    // Tier 1 (cum 0) gives 70,707.07…, in tier 4: no. Tier 2 (cum 25,000) gives 45,000/0.99 = 45,454.54…, in tier 2: yes.
    expect(liquidationPrice(position, { tiers: table([0, 25000, 0, 15000]) })!.toFixed(12)).toBe('45454.545454545455');
  });

  it('a circle with no tier consistent with its own price is no liquidation price', () => {
    expect(liquidationPrice(position, { tiers: table([0, 0, 0, 15000]) })).toBeNull();
  });
});
