// Maker rebates, margin tiers inclusive above as exchanges publish them, the fee-inclusive bankruptcy price and
// the inputs that are errors although a number could be read from them. Sources in docs/futures-maths.md.
import { describe, expect, it } from 'vitest';
import {
  FuturesDecimal,
  bankruptcyPrice,
  closeFee,
  directionOf,
  formatAmount,
  formatPrice,
  liquidationPrice,
  maintenanceMargin,
  marginModeOf,
  marginTierOf,
  marginTierTable,
  openFee,
  parseDisplayNumber,
  positionModeOf,
  preparePosition,
  realizedPnl,
  roe,
  type MarginTierInput,
} from '../../../core/index.js';
import { refusal } from './refusals.js';

describe('maker rebates: a negative maker fee rate is a credit', () => {
  // Bybit, "Taker's Fee and Maker's Rebate Calculation" (inverse perpetual: maker −0.025 %, taker 0.075 %): trader A
  // buys 10,000 BTCUSD contracts at market, trader B sells them with a limit order, at 8,000 USD.
  const inverse = { kind: 'inverse' as const };
  const position = { position: 1, count: '10000', openAvgPrice: '8000', feeRate: '0.00075' };

  it("Bybit's published example: the taker pays 0.0009375 BTC, the maker receives 0.0003125 BTC (−0.0003125)", () => {
    expect(openFee(position, inverse).toString()).toBe('0.0009375');
    expect(openFee({ ...position, position: 2 }, { ...inverse, liquidity: 'maker', feeRate: '-0.00025' }).toString()).toBe('-0.0003125');
  });

  it('a rebate is shown with its sign', () => {
    const linear = { position: 1, count: '2', openAvgPrice: '50000' };
    expect(formatAmount(openFee(linear, { liquidity: 'maker', feeRate: '-0.00025' }), 2)).toBe('-25.00');
    expect(formatAmount(closeFee(linear, '51000', { liquidity: 'maker', feeRate: '-0.0001' }), 2)).toBe('-10.20');
  });

  it('realised PnL adds a maker rebate on the side that was a maker, and subtracts the taker fee on the other', () => {
    const linear = { position: 1, count: '2', openAvgPrice: '50000' };
    // gross 2 × 1,000 = 2,000; open as maker at −0.025 %: +25; close as taker at 0.075 % of 102,000: −76.5.
    const net = realizedPnl(linear, '51000', { openLiquidity: 'maker', openFeeRate: '-0.00025', closeFeeRate: '0.00075' });
    expect(net.toString()).toBe('1948.5');
    const both = realizedPnl(linear, '51000', { openLiquidity: 'maker', closeLiquidity: 'maker', feeRate: '-0.00025' });
    expect(both.toString()).toBe(String(2000 + 25 + 25.5));
  });

  it('a taker rate stays non-negative, and a maker rate must be given (the position carries the taker rate)', () => {
    const linear = { position: 1, count: '2', openAvgPrice: '50000', feeRate: '0.0006' };
    expect(refusal(() => openFee(linear, { feeRate: '-0.00025' }))).toMatchObject({ field: 'feeRate', problem: 'negative' });
    expect(refusal(() => openFee(linear, { liquidity: 'maker' }))).toMatchObject({ field: 'feeRate', problem: 'missing' });
    expect(refusal(() => closeFee(linear, '1', { liquidity: 'both' as never }))).toMatchObject({
      field: 'liquidity',
      problem: 'not-an-option',
      value: 'both',
    });
    expect(refusal(() => realizedPnl(linear, '1', { closeFeeRate: '-0.0001' }))).toMatchObject({
      field: 'closeFeeRate',
      problem: 'negative',
    });
    expect(refusal(() => realizedPnl(linear, '1', { openLiquidity: 'maker', feeRate: '-0.0001' }))).toMatchObject({
      field: 'feeRate',
      problem: 'negative',
    });
    expect(refusal(() => realizedPnl(linear, '1', { closeLiquidity: 'x' as never }))).toMatchObject({ field: 'closeLiquidity' });
    // The liquidation price uses the taker rate: a negative one is still refused there.
    expect(refusal(() => liquidationPrice({ ...linear, marginMode: 1, openLevel: 10, mm: '0.004', feeRate: '-0.0001' }))).toMatchObject({
      field: 'feeRate',
      problem: 'negative',
    });
  });
});

// Published tables. Binance, "Updates to Leverage and Margin Tiers of Binance Futures Contracts (2021-03-18)":
// BTCUSDT 125x perpetual, "0 < Position ≤ 50,000 | 125x | 0.40 %", and the 50x table of the same announcement.
const BTCUSDT_2021: [number, string, number][] = [
  // [floor (the previous tier's cap), maintenance margin rate, max leverage]
  [0, '0.004', 125],
  [50_000, '0.005', 100],
  [250_000, '0.01', 50],
  [1_000_000, '0.025', 20],
  [10_000_000, '0.05', 10],
  [20_000_000, '0.1', 5],
  [50_000_000, '0.125', 4],
  [100_000_000, '0.15', 3],
  [200_000_000, '0.25', 2],
  [300_000_000, '0.5', 1],
];
const FIFTY_X_2021: [number, string, number][] = [
  [0, '0.01', 50],
  [5_000, '0.025', 20],
  [25_000, '0.05', 10],
  [100_000, '0.1', 5],
  [250_000, '0.125', 2],
  [1_000_000, '0.5', 1],
];
// Binance COIN-M BTCUSD brackets (10, 20, 30, 50, 100, 200 BTC), as in tiers-fees-bankruptcy.test.ts.
const BTCUSD_COIN_M: [number, string, number][] = [
  [0, '0.004', 125],
  [10, '0.005', 100],
  [20, '0.01', 50],
  [30, '0.025', 20],
  [50, '0.05', 10],
  [100, '0.1', 5],
  [200, '0.125', 4],
];
const tiersOf = (rows: [number, string, number][]): MarginTierInput[] =>
  rows.map(([notionalFloor, maintenanceMarginRate, maxLeverage]) => ({ notionalFloor, maintenanceMarginRate, maxLeverage }));

describe('margin tiers are inclusive above, as the exchanges publish them', () => {
  it('Binance BTCUSDT: a notional of exactly 50,000 is tier 1 (0.40 %, 125×); 50,000.01 is tier 2', () => {
    const table = marginTierTable(tiersOf(BTCUSDT_2021));
    const at = marginTierOf(table, '50000');
    expect([at.tier, at.maintenanceMarginRate.toString(), at.maxLeverage!.toString()]).toEqual([1, '0.004', '125']);
    expect(marginTierOf(table, '50000.01').tier).toBe(2);
    expect(marginTierOf(table, 0).tier).toBe(1);
  });

  it('Binance BTCUSDT: the maintenance amounts by its formula (0, 50, 1,300, 16,300 … 100,016,300)', () => {
    expect(marginTierTable(tiersOf(BTCUSDT_2021)).tiers.map((t) => t.maintenanceAmount.toString())).toEqual([
      '0',
      '50',
      '1300',
      '16300',
      '266300',
      '1266300',
      '2516300',
      '5016300',
      '25016300',
      '100016300',
    ]);
  });

  describe.each([
    ['Binance BTCUSDT 125x (2021-03-18)', BTCUSDT_2021, '0.01'],
    ['Binance 50x USDT-M (2021-03-18)', FIFTY_X_2021, '0.01'],
    ['Binance BTCUSD COIN-M', BTCUSD_COIN_M, '0.00000001'],
  ])('%s: every boundary', (_name, rows, step) => {
    const table = marginTierTable(tiersOf(rows));
    const boundaries = rows.slice(1).map(([cap], i) => [cap, i + 1] as const);
    it.each(boundaries)('a notional of exactly %d is the tier it caps (tier %d), one step more the next', (cap, tier) => {
      const atCap = marginTierOf(table, cap);
      const above = marginTierOf(table, new FuturesDecimal(cap).plus(step));
      const below = marginTierOf(table, new FuturesDecimal(cap).minus(step));
      expect([below.tier, atCap.tier, above.tier]).toEqual([tier, tier, tier + 1]);
      expect(atCap.maintenanceMarginRate.toString()).toBe(rows[tier - 1]![1]);
      expect(atCap.maxLeverage!.toNumber()).toBe(rows[tier - 1]![2]);
      expect(above.maxLeverage!.toNumber()).toBe(rows[tier]![2]);
      // The maintenance margin is the same from either tier at the cap: the boundary decides the tier shown,
      // and the maintenance amount keeps the margin continuous.
      const input = { position: 1, count: '1', openAvgPrice: String(cap), mm: '0' };
      const options = _name.includes('COIN-M') ? { kind: 'inverse' as const, tiers: table } : { tiers: table };
      const margin = maintenanceMargin(
        _name.includes('COIN-M') ? { ...input, count: String(cap * cap), openAvgPrice: String(cap) } : input,
        options,
      );
      const nextRate = new FuturesDecimal(rows[tier]![1]);
      const nextAmount = table.tiers[tier]!.maintenanceAmount;
      expect(margin.eq(new FuturesDecimal(cap).times(nextRate).minus(nextAmount))).toBe(true);
    });
  });

  it('the liquidation price recomputation uses the tier whose cap the notional reaches (Binance: ≤ cap)', () => {
    // 1 BTC long at 60,000 in tier 2 (60,000 > 50,000). A margin that puts the liquidation price exactly on a
    // notional of 50,000 lands in tier 1: (M + 0 − 60,000)/(1 × (0.004 − 1)) = 50,000 → M = 10,200.
    const input = { position: 1, marginMode: 1, count: '1', openAvgPrice: '60000', openMarginCount: '10200', mm: '0', feeRate: '0' };
    expect(liquidationPrice(input, { tiers: tiersOf(BTCUSDT_2021) })!.toString()).toBe('50000');
  });
});

describe('the fee-inclusive bankruptcy price (an option; the plain price stays the default)', () => {
  // Bybit, "How to calculate Liquidation Price (Inverse Contract)", cross margin: trader B has 0.5 BTC and buys
  // 10,000 contracts at 8,000 USD; Bankruptcy Price = 1.00075 × 10,000/(10,000/8,000 + (0.5 − 0)) = 5,718.57.
  const traderB = {
    position: 1,
    marginMode: 2,
    positionMode: 1,
    count: '10000',
    openAvgPrice: '8000',
    available: '0.5',
    feeRate: '0.00075',
  };

  it("Bybit's published example: 5,718.57 with the closing fee, 5,714.29 without", () => {
    expect(formatPrice(bankruptcyPrice(traderB, { kind: 'inverse', includeCloseFee: true }), 2, 'half-up')).toBe('5718.57');
    expect(formatPrice(bankruptcyPrice(traderB, { kind: 'inverse' }), 2, 'half-up')).toBe('5714.29');
    expect(formatPrice(bankruptcyPrice(traderB, { kind: 'inverse', includeCloseFee: false }), 2, 'half-up')).toBe('5714.29');
  });

  it('equals 1.00075 × the plain price for an inverse long and 0.99925 × for a short, exactly', () => {
    const long = bankruptcyPrice(traderB, { kind: 'inverse', includeCloseFee: true })!;
    // 10,007.5/1.75, to the 30th decimal (the figure keeps 41, the Decimal division here rounds at 40 digits).
    expect(long.minus(new FuturesDecimal('10007.5').div('1.75')).abs().lt('1e-30')).toBe(true);
    const short = { ...traderB, position: 2, available: '0.25' };
    // 0.99925 × 10,000/(1.25 − 0.25) = 9,992.5
    expect(bankruptcyPrice(short, { kind: 'inverse', includeCloseFee: true })!.toString()).toBe('9992.5');
    expect(bankruptcyPrice(short, { kind: 'inverse' })!.toString()).toBe('10000');
  });

  it('linear: the close fee moves the price toward entry; feeRate overrides the position rate', () => {
    const base = { position: 1, marginMode: 1, count: '2', openAvgPrice: '50000', openMarginCount: '10000', feeRate: '0.0005' };
    // (10,000 − 100,000)/(2 × (0.0005 − 1)) = 90,000/1.999
    expect(bankruptcyPrice(base, { includeCloseFee: true })!.minus(new FuturesDecimal(90000).div('1.999')).abs().lt('1e-30')).toBe(true);
    expect(bankruptcyPrice(base, { includeCloseFee: true, feeRate: 0 })!.toString()).toBe('45000');
  });

  it('refuses an includeCloseFee that is no boolean, and a negative fee rate', () => {
    expect(refusal(() => bankruptcyPrice(traderB, { kind: 'inverse', includeCloseFee: 'yes' as never }))).toMatchObject({
      field: 'includeCloseFee',
      problem: 'not-an-option',
    });
    expect(refusal(() => bankruptcyPrice(traderB, { kind: 'inverse', includeCloseFee: true, feeRate: '-0.0001' }))).toMatchObject({
      field: 'feeRate',
      problem: 'negative',
    });
  });
});

describe('inputs that are errors although a number can be read from them', () => {
  it.each(['0x1', '0X2', '1e0', '1.0', '01', '+1', '0b1'])('position %j is not a code (Number() would read it)', (code) => {
    expect(refusal(() => directionOf({ position: code }))).toMatchObject({ field: 'position', problem: 'not-an-option', value: code });
    expect(refusal(() => marginModeOf({ marginMode: code }))).toMatchObject({ field: 'marginMode', problem: 'not-an-option' });
    expect(refusal(() => positionModeOf({ positionMode: code }))).toMatchObject({ field: 'positionMode', problem: 'not-an-option' });
  });

  it.each(['+-1%', '-+1', '--1', '1,2', '12,34.5', ',123', '1,,234', '1%%', '1.2.3'])(
    'parseDisplayNumber(%j) is "not-numeric", never a number',
    (text) => {
      expect(refusal(() => parseDisplayNumber(text))).toMatchObject({ field: 'text', problem: 'not-numeric', value: text });
    },
  );

  it('parseDisplayNumber still reads what the formatters write', () => {
    expect(parseDisplayNumber('-1,234,567.50%')!.toString()).toBe('-1234567.5');
    expect(parseDisplayNumber('+0.00%')!.toString()).toBe('0');
    expect(parseDisplayNumber('123456')!.toString()).toBe('123456');
  });

  it('realizedPnl and closeFee refuse closing more contracts than the position holds ("exceeds-position", naming quantity)', () => {
    const long = { position: 1, count: '1', openAvgPrice: '100' };
    expect(refusal(() => realizedPnl(long, '110', { quantity: 5 }))).toStrictEqual({
      name: 'FuturesInputError',
      field: 'quantity',
      problem: 'exceeds-position',
      value: 5,
    });
    expect(realizedPnl(long, '110', { quantity: 1 }).toString()).toBe('10');
    // The fee of closing them too; opening more than is held is an order like any other.
    expect(refusal(() => closeFee({ ...long, feeRate: '0.001' }, '110', { quantity: 5 }))).toMatchObject({
      field: 'quantity',
      problem: 'exceeds-position',
    });
    expect(openFee({ ...long, feeRate: '0.001' }, { quantity: 5 }).toString()).toBe('0.5');
    expect(realizedPnl(long, '110', { quantity: '0.5' }).toString()).toBe('5');
    // Counted in contracts, whatever the face value.
    expect(realizedPnl({ ...long, count: '3' }, '110', { quantity: 3, faceValue: 100, kind: 'linear' }).toString()).toBe('3000');
    expect(
      refusal(() => realizedPnl({ ...long, openDealCount: 4, closeDealCount: 3, count: undefined }, '110', { quantity: 2 })),
    ).toMatchObject({
      problem: 'exceeds-position',
    });
  });

  it.each(['0', '-10', 'x'])('openLevel %j is refused even when a margin field is given', (level) => {
    const isolated = {
      position: 1,
      marginMode: 1,
      count: '1',
      openAvgPrice: '100',
      openMarginCount: '10',
      mm: '0.005',
      feeRate: '0',
      openLevel: level,
    };
    const problem = level === '0' ? 'zero' : level === 'x' ? 'not-numeric' : 'negative';
    expect(refusal(() => roe(isolated, '110'))).toMatchObject({ field: 'openLevel', problem });
    expect(refusal(() => liquidationPrice(isolated))).toMatchObject({ field: 'openLevel', problem });
    expect(refusal(() => bankruptcyPrice(isolated))).toMatchObject({ field: 'openLevel', problem });
    expect(refusal(() => preparePosition(isolated))).toMatchObject({ field: 'openLevel', problem });
    const cross = { ...isolated, marginMode: 2, positionMode: 1, available: '100' };
    expect(refusal(() => liquidationPrice(cross))).toMatchObject({ field: 'openLevel', problem });
    expect(refusal(() => roe({ ...isolated, openLevel: undefined, positionsLevel: level }, '110'))).toMatchObject({
      field: 'positionsLevel',
      problem,
    });
  });
});
