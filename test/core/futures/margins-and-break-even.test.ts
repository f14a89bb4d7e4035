// initialMargin, maintenanceMargin and breakEvenPrice, worked by hand from docs/futures-maths.md.
import { describe, expect, it } from 'vitest';
import { FuturesDecimal, breakEvenPrice, initialMargin, maintenanceMargin, realizedPnl } from '../../../core/index.js';

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
});
