// The demo account's open futures positions and spot plan order, priced on the simulated mark feed
// with exkit's futures maths (preparePosition once per position, one display() per mark price).
import { NO_VALUE, formatPrice, formatSpotOrderFigures, positionDisplayFormat, preparePosition } from 'exkit';
import type { ContractKind, FuturesPositionInput, SpotOrderDisplay, SpotPlanOrderInput } from 'exkit';
import type { MarkFeedSymbol, MarkQuote } from './mark-feed.js';

export interface DemoPosition {
  id: string;
  symbol: string;
  kind: ContractKind;
  /** Margin coin of the figures (quote coin for linear contracts, base coin for inverse ones). */
  marginCoin: string;
  pricePlace: number;
  input: FuturesPositionInput;
}

export const FEED_SYMBOLS: readonly MarkFeedSymbol[] = [
  { symbol: 'BTCUSDT', start: '64250.50', pricePlace: 2 },
  { symbol: 'ETHUSDT', start: '3150.25', pricePlace: 2 },
  { symbol: 'BTCUSD', start: '64240.00', pricePlace: 1 },
];

export const DEMO_POSITIONS: readonly DemoPosition[] = [
  {
    id: 'btc-long-isolated',
    symbol: 'BTCUSDT',
    kind: 'linear',
    marginCoin: 'USDT',
    pricePlace: 2,
    input: {
      position: 1,
      marginMode: 1,
      positionMode: 1,
      count: '0.5',
      openAvgPrice: '63800.00',
      openLevel: 20,
      openMarginCount: '1595',
      mm: '0.004',
      feeRate: '0.0006',
    },
  },
  {
    id: 'eth-short-cross',
    symbol: 'ETHUSDT',
    kind: 'linear',
    marginCoin: 'USDT',
    pricePlace: 2,
    input: {
      position: 2,
      marginMode: 2,
      positionMode: 1,
      count: '4',
      openAvgPrice: '3172.40',
      openLevel: 10,
      openMarginCount: '1268.96',
      available: '2500',
      othersUpnl: '0',
      othersMaintain: '0',
      mm: '0.005',
      feeRate: '0.0006',
    },
  },
  {
    id: 'btc-inverse-long',
    symbol: 'BTCUSD',
    kind: 'inverse',
    marginCoin: 'BTC',
    pricePlace: 1,
    input: {
      position: 1,
      marginMode: 1,
      positionMode: 1,
      count: '10000',
      openAvgPrice: '63500.0',
      openLevel: 5,
      openMarginCount: '0.0315',
      mm: '0.005',
      feeRate: '0.0006',
    },
  },
];

/** One row of the positions table, as display strings. */
export interface PositionRow {
  id: string;
  symbol: string;
  /** The position's side and margin mode as codes; the table names them in the visitor's language. */
  side: 'long' | 'short';
  marginMode: 'isolated' | 'cross';
  leverage: string;
  size: string;
  entry: string;
  mark: string;
  pnl: string;
  roe: string;
  liquidation: string;
  marginCoin: string;
  tick: number;
}

/** Prepares each position once; `rows(quotes)` prices them all at the latest marks. */
export function createPositionsBook(positions: readonly DemoPosition[] = DEMO_POSITIONS) {
  // The display format is checked once per position; display() then gives the three strings per mark price.
  const prepared = positions.map((p) => ({
    ...p,
    prepared: preparePosition(p.input, { kind: p.kind }),
    format: positionDisplayFormat({ unrealizedPnl: { places: p.kind === 'inverse' ? 8 : 4 }, liquidationPrice: { places: p.pricePlace } }),
  }));
  return {
    rows(quotes: Readonly<Record<string, MarkQuote>>): PositionRow[] {
      return prepared.flatMap((p) => {
        const quote = quotes[p.symbol];
        if (!quote) return [];
        const figures = p.prepared.display(quote.price, p.format);
        return [
          {
            id: p.id,
            symbol: p.symbol,
            side: p.prepared.direction === 1 ? 'long' : 'short',
            marginMode: Number(p.input.marginMode) === 2 ? 'cross' : 'isolated',
            leverage: `${String(p.input.openLevel)}×`,
            size: String(p.input.count),
            entry: formatPrice(p.prepared.openPrice, p.pricePlace),
            mark: formatPrice(quote.price, p.pricePlace),
            pnl: figures.unrealizedPnl,
            roe: figures.roe,
            liquidation: figures.liquidationPrice,
            marginCoin: p.marginCoin,
            tick: quote.tick,
          },
        ];
      });
    },
  };
}

/** A size a visitor has finished typing: digits with at most one point, and above zero ('', '0', '0.' and '.' are not). */
export function isCompleteSize(size: string): boolean {
  return /^(\d+\.?\d*|\.\d+)$/.test(size) && /[1-9]/.test(size) && !size.endsWith('.');
}

/** What the figures show while they cannot be worked out: the futures maths' own "no value" mark. */
const NO_FIGURES: SpotOrderDisplay = {
  filledRatio: NO_VALUE,
  averageBuyPrice: NO_VALUE,
  cost: NO_VALUE,
  marketValue: NO_VALUE,
  unrealizedPnl: NO_VALUE,
  yield: NO_VALUE,
};

/** The demo order's filled amount (BTC): a size below it is not an order this one can become. */
export const PLAN_FILLED = '0.15';

/** Why the plan order's figures show '--': the size is still being typed, below what has filled, or no mark price yet. */
export type SpotPlanIssue = 'incomplete-size' | 'below-filled' | 'no-price';

/**
 * The demo spot plan order (a partly filled BTC buy) with its figures at a market price. While the size is
 * incomplete (empty, zero, a trailing point) or below the filled amount, or before the first mark price,
 * every figure shows '--' and `issue` says why, instead of asking the maths about an order it rightly refuses.
 */
export function spotPlanOrder(
  size: string,
  marketPrice: string | undefined,
): { order: SpotPlanOrderInput; display: SpotOrderDisplay; issue: SpotPlanIssue | undefined } {
  const complete = isCompleteSize(size);
  const order: SpotPlanOrderInput = {
    orderNo: 'PLAN-1001',
    buyDelegateCount: complete ? size : '0',
    buyPrice: '62000.00',
    dealCount: PLAN_FILLED,
    buyDealCount: PLAN_FILLED,
    holdCount: PLAN_FILLED,
    marketPrice: marketPrice ?? '0',
    trackingType: 0,
    pricePlace: 2,
    quotePrecision: 2,
  };
  const issue: SpotPlanIssue | undefined = !complete
    ? 'incomplete-size'
    : Number(size) < Number(PLAN_FILLED)
      ? 'below-filled'
      : marketPrice === undefined || !isCompleteSize(marketPrice)
        ? 'no-price'
        : undefined;
  return { order, display: issue === undefined ? formatSpotOrderFigures(order) : NO_FIGURES, issue };
}
