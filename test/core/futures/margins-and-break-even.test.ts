// initialMargin, maintenanceMargin and breakEvenPrice, worked by hand from docs/futures-maths.md.
import { describe, expect, it } from 'vitest';
import { FuturesDecimal, breakEvenPrice, initialMargin, maintenanceMargin, realizedPnl } from '../../../core/index.js';

/** What a FuturesInputError says: the field it names and the problem. */
const refused = (field: string, problem: string) => expect.objectContaining({ name: 'FuturesInputError', field, problem });

describe('initialMargin', () => {
  it('linear: Q·price/L', () => {
    expect(initialMargin({ count: '0.2', openAvgPrice: '7000', openLevel: 10 }).toString()).toBe('140');
  });

  it('linear margined in a coin: Q·price/L ÷ bp', () => {
    expect(initialMargin({ count: '1', openAvgPrice: '50000', openLevel: 10, bp: '2500' }).toString()).toBe('2');
  });

  it('inverse: Q/(price·L), here 60,000 USD at 50,000 with 10× → 0.12 BTC (Bybit "Liquidation Price Calculation under Isolated Mode" example)', () => {
    expect(initialMargin({ count: 60000, openAvgPrice: 50000, openLevel: 10 }, { kind: 'inverse' }).toString()).toBe('0.12');
  });

  it('at a given price (mark) instead of the open price', () => {
    expect(initialMargin({ count: '1', openAvgPrice: '50000', openLevel: 20 }, { price: '52000' }).toString()).toBe('2600');
  });

  it('a price of 0 is refused as "zero", naming price', () => {
    expect(() => initialMargin({ count: '1', openAvgPrice: '50000', openLevel: 20 }, { price: 0 })).toThrow(refused('price', 'zero'));
  });
});

describe('maintenanceMargin', () => {
  it('notional × MMR − maintenance amount (Binance "maintenance margin" formula)', () => {
    const position = { count: '2', openAvgPrice: '50000', mm: '0.01' };
    expect(maintenanceMargin(position).toString()).toBe('1000');
    expect(maintenanceMargin(position, { maintenanceAmount: '50' }).toString()).toBe('950');
  });

  it('inverse: Q/price × MMR, here 1.2 BTC × 0.5 % = 0.006 BTC (Bybit isolated-mode example)', () => {
    expect(maintenanceMargin({ count: 60000, openAvgPrice: 50000, mm: '0.005' }, { kind: 'inverse' }).toString()).toBe('0.006');
  });

  it('cross hedge: charged on the larger leg only (Bitget "Coin-M Futures: Leverage and Risk Management")', () => {
    const hedge = {
      marginMode: 2,
      positionMode: 2,
      mm: '0.01',
      longOpenCount: '2',
      longOpenPrice: '50000',
      shortOpenCount: '3',
      shortOpenPrice: '40000',
    };
    // long 100,000, short 120,000 → 1,200
    expect(maintenanceMargin(hedge).toString()).toBe('1200');
    // at a common price 45,000: max(2, 3) × 45,000 × 1 % = 1,350
    expect(maintenanceMargin(hedge, { price: '45000' }).toString()).toBe('1350');
  });

  it('cross one-way ignores the other leg fields and charges the position', () => {
    const oneWay = { marginMode: 2, positionMode: 1, count: '1', openAvgPrice: '100', mm: '0.1', longOpenCount: 5, longOpenPrice: 1 };
    expect(maintenanceMargin(oneWay).toString()).toBe('10');
  });

  it('cross hedge with the long leg the larger: charged on the long leg', () => {
    const hedge = {
      marginMode: 2,
      positionMode: 2,
      mm: '0.01',
      longOpenCount: '3',
      longOpenPrice: '50000',
      shortOpenCount: '1',
      shortOpenPrice: '40000',
    };
    // long 150,000, short 40,000 → 1,500; at 45,000: 3 × 45,000 × 1 % = 1,350
    expect(maintenanceMargin(hedge).toString()).toBe('1500');
    expect(maintenanceMargin(hedge, { price: '45000' }).toString()).toBe('1350');
    expect(maintenanceMargin(hedge, { kind: 'inverse', price: '50000' }).toString()).toBe('0.0000006');
  });

  it('cross hedge with one leg given: the missing leg is empty and needs no price', () => {
    const longOnly = { marginMode: 2, positionMode: 2, mm: '0.01', longOpenCount: '2', longOpenPrice: '50000' };
    expect(maintenanceMargin(longOnly).toString()).toBe('1000');
    const shortOnly = {
      marginMode: 2,
      positionMode: 2,
      mm: '0.01',
      shortOpenCount: '2',
      shortOpenPrice: '40000',
      longOpenCount: null as never,
    };
    expect(maintenanceMargin(shortOnly).toString()).toBe('800');
  });

  it('cross hedge without leg fields (undefined or null) charges the position', () => {
    const position = { marginMode: 2, positionMode: 2, count: '1', openAvgPrice: '100', mm: '0.1' };
    expect(maintenanceMargin(position).toString()).toBe('10');
    expect(maintenanceMargin({ ...position, longOpenCount: null as never, shortOpenCount: null as never }).toString()).toBe('10');
  });

  it('the legs count only in cross margin: isolated or no margin mode (undefined or null) charges the position', () => {
    const legs = { positionMode: 2, count: '1', openAvgPrice: '100', mm: '0.1', longOpenCount: 5, longOpenPrice: 1 };
    expect(maintenanceMargin({ ...legs, marginMode: 1 }).toString()).toBe('10');
    expect(maintenanceMargin(legs).toString()).toBe('10');
    expect(maintenanceMargin({ ...legs, marginMode: null as never }).toString()).toBe('10');
  });

  it('refuses a zero price, a negative maintenance amount and negative leg counts, naming the field', () => {
    const position = { count: '2', openAvgPrice: '50000', mm: '0.01' };
    expect(() => maintenanceMargin(position, { price: '0' })).toThrow(refused('price', 'zero'));
    expect(() => maintenanceMargin(position, { maintenanceAmount: '-1' })).toThrow(refused('maintenanceAmount', 'negative'));
    const hedge = {
      marginMode: 2,
      positionMode: 2,
      mm: '0.01',
      longOpenCount: '1',
      longOpenPrice: '100',
      shortOpenCount: '1',
      shortOpenPrice: '100',
    };
    expect(() => maintenanceMargin({ ...hedge, longOpenCount: '-1' })).toThrow(refused('longOpenCount', 'negative'));
    expect(() => maintenanceMargin({ ...hedge, shortOpenCount: '-1' })).toThrow(refused('shortOpenCount', 'negative'));
    expect(() => maintenanceMargin({ ...hedge, shortOpenPrice: undefined })).toThrow(refused('shortOpenPrice', 'missing'));
    expect(() => maintenanceMargin({ ...hedge, longOpenPrice: undefined })).toThrow(refused('longOpenPrice', 'missing'));
  });

  it('tiers: linear selects the tier on the quote notional (before ÷ bp), inverse on the base notional (bp ignored)', () => {
    const tiers = [
      { notionalFloor: 0, maintenanceMarginRate: '0.01' },
      { notionalFloor: 10000, maintenanceMarginRate: '0.02' },
    ];
    // 1 × 50,000 quote = 20 coins at bp 2,500: tier 2 (2 %, amount 100 quote) → (50,000 × 2 % − 100)/2,500 = 0.36
    expect(maintenanceMargin({ count: '1', openAvgPrice: '50000', mm: '0', bp: '2500' }, { tiers }).toString()).toBe('0.36');
    // Inverse: 100 USD at 20 is 5 coins, tier 1 (1 %) → 0.05, whatever bp says.
    const inverse = { count: '100', openAvgPrice: '20', mm: '0' };
    expect(maintenanceMargin(inverse, { kind: 'inverse', tiers }).toString()).toBe('0.05');
    expect(maintenanceMargin({ ...inverse, bp: '10000' }, { kind: 'inverse', tiers }).toString()).toBe('0.05');
  });
});

describe('breakEvenPrice', () => {
  it('long (Q·E + fees + funding)/(Q·(1 − f)): closing there nets zero after every cost', () => {
    const position = { position: 1, count: '1', openAvgPrice: '90000', feeRate: '0.0002' };
    const bep = breakEvenPrice(position, { feesPaid: '18', fundingPaid: '90' })!;
    expect(bep.toFixed(6)).toBe(new FuturesDecimal('90108').div('0.9998').toFixed(6));
    const net = realizedPnl(position, bep, { openFeeRate: 0, closeFeeRate: '0.0002', funding: '108' });
    expect(net.abs().lt('1e-30')).toBe(true);
  });

  it('short (Q·E − fees − funding)/(Q·(1 + f))', () => {
    const position = { position: 2, count: '2', openAvgPrice: '100', feeRate: '0.001' };
    expect(breakEvenPrice(position, { feesPaid: '0.2' })!.toFixed(8)).toBe(new FuturesDecimal('199.8').div('2.002').toFixed(8));
  });

  it('without fees or funding the break-even price is the open price', () => {
    expect(breakEvenPrice({ position: 1, count: 3, openAvgPrice: '123.45' }, { feeRate: 0 })!.toString()).toBe('123.45');
  });

  it('inverse long Q·(1 + f)/(Q/E − F): closing there nets zero in the base coin', () => {
    const position = { position: 1, count: 1000, openAvgPrice: 5000, feeRate: '0.00075' };
    const bep = breakEvenPrice(position, { kind: 'inverse', feesPaid: '0.00015' })!;
    const net = realizedPnl(position, bep, { kind: 'inverse', closeFeeRate: '0.00075', funding: '0.00015' });
    expect(net.abs().lt('1e-30')).toBe(true);
  });

  it('a short whose costs exceed its notional has no break-even price', () => {
    expect(breakEvenPrice({ position: 2, count: 1, openAvgPrice: 10, feeRate: 0 }, { feesPaid: 20 })).toBeNull();
  });

  it('refuses non-numeric fees paid and funding, naming the field; both may be negative (a maker rebate, funding received)', () => {
    const position = { position: 1, count: 1, openAvgPrice: 100, feeRate: 0 };
    // Rebates received exceed the fees paid: the position breaks even below its open price.
    expect(breakEvenPrice(position, { feesPaid: '-1' })!.toString()).toBe('99');
    expect(() => breakEvenPrice(position, { feesPaid: 'x' })).toThrow(refused('feesPaid', 'not-numeric'));
    expect(() => breakEvenPrice(position, { fundingPaid: 'x' })).toThrow(refused('fundingPaid', 'not-numeric'));
    expect(breakEvenPrice(position, { fundingPaid: '-10' })!.toString()).toBe('90');
  });
});
