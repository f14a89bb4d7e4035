// Unrealised and realised PnL (core/futures/pnl.ts) against figures worked by hand from docs/futures-maths.md.
import { describe, expect, it } from 'vitest';
import { realizedPnl, unrealizedPnl, type FuturesPositionInput } from '../../../core/index.js';

const long: FuturesPositionInput = { position: 1, count: '2', openAvgPrice: '50000' };
// 100 coin-M contracts of 100 USD each: Q = 10,000 USD, Q/E = 1 BTC at 10,000.
const inverseShort: FuturesPositionInput = { position: 2, count: '100', openAvgPrice: '10000' };
const inverse = { kind: 'inverse' as const, faceValue: '100' };

describe('realizedPnl', () => {
  it('closing part of a linear long: d·q·(C − E) less both fees (price × q × rate) and funding', () => {
    // q = 0.5 closed at 51,000: gross 0.5 × 1,000 = 500; open fee 50,000 × 0.5 × 0.0006 = 15;
    // close fee 51,000 × 0.5 × 0.0006 = 15.3; funding 2 → 500 − 15 − 15.3 − 2 = 467.7
    expect(realizedPnl(long, '51000', { quantity: '0.5' }).toString()).toBe('500');
    expect(realizedPnl(long, '51000', { quantity: '0.5', feeRate: '0.0006', funding: '2' }).toString()).toBe('467.7');
    // openFeeRate replaces feeRate on the opening side only: 500 − 5 − 15.3 − 2 = 477.7
    expect(realizedPnl(long, '51000', { quantity: '0.5', feeRate: '0.0006', openFeeRate: '0.0002', funding: '2' }).toString()).toBe(
      '477.7',
    );
    // closeFeeRate replaces it on the closing side only: 500 − 15 − 2.55 − 2 = 480.45
    expect(realizedPnl(long, '51000', { quantity: '0.5', feeRate: '0.0006', closeFeeRate: '0.0001', funding: '2' }).toString()).toBe(
      '480.45',
    );
    // Only an opening fee: 500 − 5 = 495; only a closing fee: 500 − 2.55 = 497.45
    expect(realizedPnl(long, '51000', { quantity: '0.5', openFeeRate: '0.0002' }).toString()).toBe('495');
    expect(realizedPnl(long, '51000', { quantity: '0.5', closeFeeRate: '0.0001' }).toString()).toBe('497.45');
  });

  it('the closed quantity is in contracts and is multiplied by the face value; default is the whole position', () => {
    // 50 contracts × 0.01 = 0.5 coin, as above
    expect(realizedPnl({ ...long, count: '200' }, '51000', { quantity: '50', faceValue: '0.01' }).toString()).toBe('500');
    // Whole position: 2 × 1,000 = 2,000; with face value 0.01 on 200 contracts: 2 × 1,000 too
    expect(realizedPnl(long, '51000').toString()).toBe('2000');
    expect(realizedPnl({ ...long, count: '200' }, '51000', { faceValue: '0.01' }).toString()).toBe('2000');
    // A short loses what a long gains.
    expect(realizedPnl({ ...long, position: 2 }, '51000').toString()).toBe('-2000');
  });

  it('inverse short: d·q·(1/E − 1/C) in the base coin, fees q/price × rate, funding received adds', () => {
    // q = 50 × 100 = 5,000 USD closed at 8,000: gross −5,000 × (1/10,000 − 1/8,000) = 0.125 BTC;
    // open fee 5,000/10,000 × 0.0005 = 0.00025; close fee 5,000/8,000 × 0.0005 = 0.0003125;
    // funding −0.001 (received) → 0.125 − 0.00025 − 0.0003125 + 0.001 = 0.1254375
    expect(realizedPnl(inverseShort, '8000', { ...inverse, quantity: '50' }).toString()).toBe('0.125');
    expect(realizedPnl(inverseShort, '8000', { ...inverse, quantity: '50', feeRate: '0.0005', funding: '-0.001' }).toString()).toBe(
      '0.1254375',
    );
  });
});

describe('unrealizedPnl', () => {
  it('linear d·Q·(P − E) and inverse d·Q·(1/E − 1/P), with the face value', () => {
    expect(unrealizedPnl(long, '49000').toString()).toBe('-2000');
    expect(unrealizedPnl({ ...long, position: 2 }, '49000').toString()).toBe('2000');
    expect(unrealizedPnl({ ...long, count: '200' }, '49000', { faceValue: '0.01' }).toString()).toBe('-2000');
    // −10,000 × (1/10,000 − 1/8,000) = 0.25 BTC for the short
    expect(unrealizedPnl(inverseShort, '8000', inverse).toString()).toBe('0.25');
  });
});
