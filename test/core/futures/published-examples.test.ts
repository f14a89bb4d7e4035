// The worked examples exchanges publish in their help centres, as tables. Each row names its source page
// (title and URL are listed in docs/futures-maths.md).
import { describe, expect, it } from 'vitest';
import {
  averageOpenPrice,
  formatRoe,
  realizedPnl,
  roe,
  unrealizedPnl,
  type ContractOptions,
  type FuturesPositionInput,
} from '../../../core/index.js';

const linear: ContractOptions = { businessLine: 10 };
const inverse: ContractOptions = { businessLine: 11 };

describe('averageOpenPrice: published examples', () => {
  const rows: Array<[string, FuturesPositionInput, { price: string; count: string }, ContractOptions, string, number]> = [
    // [source, position, added fill, contract, expected, decimals the source shows (rounded half up)]
    [
      'Bitget "Bitget Future Of PnL": long 0.8 @ 25,000 then 0.6 @ 28,000',
      { count: '0.8', openAvgPrice: '25000' },
      { price: '28000', count: '0.6' },
      linear,
      '26285.7',
      1,
    ],
    [
      'Bitget "How to calculate your average entry price": 0.1 @ 30,000 then 0.2 @ 31,000',
      { count: 0.1, openAvgPrice: 30000 },
      { price: '31000', count: '0.2' },
      linear,
      '30666.67',
      2,
    ],
    [
      'Bitget "How to calculate your average entry price": USDC-M 1 ETH @ 2,000 then 1.5 @ 2,100',
      { count: '1', openAvgPrice: '2000' },
      { price: '2100', count: '1.5' },
      { businessLine: 12 },
      '2060',
      0,
    ],
    [
      'Bybit "average entry price" (000001113): USDT 1 @ 10,000 then 2 @ 13,000',
      { count: '1', openAvgPrice: '10000' },
      { price: '13000', count: '2' },
      linear,
      '12000',
      0,
    ],
    [
      'Bybit "average entry price" (000001113): USDC 0.5 @ 50,000 then 0.8 @ 51,000',
      { count: '0.5', openAvgPrice: '50000' },
      { price: '51000', count: '0.8' },
      linear,
      '50615.38',
      2,
    ],
    [
      'Bybit "average entry price" (000001113): inverse BTCUSD 50 @ 10,000 then 50 @ 15,000',
      { count: '50', openAvgPrice: '10000' },
      { price: '15000', count: '50' },
      inverse,
      '12000',
      0,
    ],
    [
      'Bybit "P&L calculations (Inverse Contracts)": 1,000 @ 5,000 then 2,000 @ 6,000',
      { count: '1000', openAvgPrice: '5000' },
      { price: '6000', count: '2000' },
      inverse,
      '5625',
      0,
    ],
    [
      'Bybit "P&L calculations (USDT Contract)": 0.5 @ 5,000 then 0.3 @ 6,000',
      { count: '0.5', openAvgPrice: '5000' },
      { price: '6000', count: '0.3' },
      linear,
      '5375',
      0,
    ],
    [
      'OKX "Calculation of contract\'s profit and loss": U-margined 10 @ 100,000 then 5 @ 160,000',
      { count: 10, openAvgPrice: 100000 },
      { price: '160000', count: '5' },
      linear,
      '120000',
      0,
    ],
    [
      'OKX "Calculation of contract\'s profit and loss": coin-margined 10 @ 100,000 then 5 @ 80,000 ≈ 92,307 (page truncates)',
      { count: 10, openAvgPrice: 100000 },
      { price: '80000', count: '5' },
      inverse,
      '92307.69',
      2,
    ],
  ];
  it.each(rows)('%s', (_source, position, fill, contract, expected, decimals) => {
    const average = averageOpenPrice(position, fill, contract);
    expect(average.toDecimalPlaces(decimals, 4).toString()).toBe(expected);
  });

  it('Bitget "Bitget Future Of PnL": the exact mean is 36,800 / 1.4 = 26,285.714285…', () => {
    const average = averageOpenPrice({ count: '0.8', openAvgPrice: '25000' }, { price: '28000', count: '0.6' });
    expect(average.toFixed(6)).toBe('26285.714286');
    expect(average.times('1.4').toDecimalPlaces(20).toString()).toBe('36800');
  });
});

describe('unrealizedPnl: published examples', () => {
  const rows: Array<[string, FuturesPositionInput, string, ContractOptions, string]> = [
    [
      'Bitget "Bitget Future Of PnL": long 0.3 BTC 27,000 → 27,500 = +150',
      { position: 1, count: '0.3', openAvgPrice: '27000' },
      '27500',
      linear,
      '150',
    ],
    [
      'Bitget "Bitget Future Of PnL": short 0.4 BTC 27,000 → 26,500 = +200',
      { position: 2, count: '0.4', openAvgPrice: '27000' },
      '26500',
      linear,
      '200',
    ],
    [
      'Bitget "Coin-M Futures: Unrealized P/L and Realized P/L": 10,000 contracts × 0.0001 BTC, 8,500 → 9,000 = 500',
      { position: 1, count: 10000, openAvgPrice: 8500 },
      '9000',
      { kind: 'linear', faceValue: '0.0001' },
      '500',
    ],
    [
      'Bybit "P&L calculations (USDT Contract)": long 0.2 BTC 7,000 → 7,500 = +100',
      { position: 1, count: '0.2', openAvgPrice: '7000' },
      '7500',
      linear,
      '100',
    ],
    [
      'Bybit "P&L calculations (USDT Contract)": short 0.4 BTC 6,000 → 5,000 = +400',
      { position: 2, count: '0.4', openAvgPrice: '6000' },
      '5000',
      linear,
      '400',
    ],
    [
      'Hotcoin "USDT Profit and Loss": long 60 × 0.01 BTC 5,000 → 6,000 = 600',
      { position: 1, count: 60, openAvgPrice: 5000 },
      '6000',
      { kind: 'linear', faceValue: '0.01' },
      '600',
    ],
    [
      'Hotcoin "USDT Profit and Loss": short 10 × 0.01 BTC 10,000 → 5,000 = 500',
      { position: 2, count: 10, openAvgPrice: 10000 },
      '5000',
      { kind: 'linear', faceValue: '0.01' },
      '500',
    ],
    [
      'OKX "Calculation of contract\'s profit and loss": face 0.01 BTC × 10 contracts, 100,000 → 160,000 = 6,000 USDT',
      { position: 1, count: 10, openAvgPrice: 100000 },
      '160000',
      { kind: 'linear', faceValue: '0.01' },
      '6000',
    ],
    [
      'BaseFEX "Profit and Loss": inverse long 1,000 contracts 1,000 → 1,250 = 0.2 BTC',
      { position: 1, count: 1000, openAvgPrice: 1000 },
      '1250',
      inverse,
      '0.2',
    ],
  ];
  it.each(rows)('%s', (_source, position, mark, contract, expected) => {
    expect(unrealizedPnl(position, mark, contract).toString()).toBe(expected);
  });

  it('Bybit "P&L calculations (Inverse Contracts)": long 1,000 @ 5,000, price 5,500 → 1,000 × (1/5,000 − 1/5,500) = 0.0181818… BTC', () => {
    const pnl = unrealizedPnl({ position: 1, count: 1000, openAvgPrice: 5000 }, 5500, inverse);
    // The page rounds 1/5,000 − 1/5,500 to 0.00001819 before multiplying and shows 0.01819.
    expect(pnl.toFixed(10)).toBe('0.0181818182');
    expect(pnl.toDecimalPlaces(4).toString()).toBe('0.0182');
  });
});

describe('realizedPnl: published examples', () => {
  it('Bitget realised PnL with fees: long 1 BTC, E 90,000, exit 94,000, 0.02 % each side, funding 90 → 3,873.2', () => {
    const pnl = realizedPnl({ position: 1, count: 1, openAvgPrice: '90000' }, '94000', { feeRate: '0.0002', funding: '90' });
    expect(pnl.toString()).toBe('3873.2');
  });

  it('Hotcoin "USDT Profit and Loss": 20 long × 0.01 BTC @ 5,000, close 10 @ 10,000 → 500 USDT', () => {
    const pnl = realizedPnl({ position: 1, count: 20, openAvgPrice: 5000 }, 10000, { quantity: 10, faceValue: '0.01' });
    expect(pnl.toString()).toBe('500');
  });

  it('Hotcoin "USDT Profit and Loss": short × 0.01 BTC @ 5,000, close 10 @ 10,000 → −500 USDT', () => {
    const pnl = realizedPnl({ position: 2, count: 1000, openAvgPrice: 5000 }, 10000, { quantity: 10, faceValue: '0.01' });
    expect(pnl.toString()).toBe('-500');
  });

  it('BaseFEX "Profit and Loss": inverse, close 500 of 1,000 @ 1,500 from 1,000 → 0.1666… BTC (shown 0.17)', () => {
    const pnl = realizedPnl({ position: 1, count: 1000, openAvgPrice: 1000 }, 1500, { quantity: 500, kind: 'inverse' });
    expect(pnl.toDecimalPlaces(2).toString()).toBe('0.17');
    expect(pnl.times(3).toDecimalPlaces(30).toString()).toBe('0.5');
  });

  it('Bitget "Coin-M Futures: Unrealized P/L and Realized P/L": face value × closing quantity × (close − open)', () => {
    const pnl = realizedPnl({ position: 2, count: 10000, openAvgPrice: 9000 }, 8500, { faceValue: '0.0001' });
    expect(pnl.toString()).toBe('500');
  });
});

describe('roe: published examples', () => {
  it('Bybit "P&L calculations (USDT Contract)": P&L 100 on margin 140 + closing fee 0.693 → 71.07 %', () => {
    const position = { position: 1, count: '0.2', openAvgPrice: '7000', openMarginCount: '140.693' };
    expect(formatRoe(roe(position, '7500'))).toBe('+71.07%');
  });

  it('Bitget "Bitget updates estimated liquidation price and margin calculation": ROE = unrealised PnL ÷ margin (figures worked here)', () => {
    const position = { position: 2, count: '0.4', openAvgPrice: '27000', openLevel: 10 };
    // margin = 0.4 × 27,000 / 10 = 1,080; PnL at 26,500 = 200 → 18.518…%
    expect(roe(position, '26500').toFixed(6)).toBe('18.518519');
    expect(formatRoe(roe(position, '26500'))).toBe('+18.51%');
  });
});
