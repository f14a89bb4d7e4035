import type { Decimal } from 'decimal.js';
import { ZERO, readDecimal, readOptionalDecimal, type NumericInput } from './futures-decimal.js';
import { FuturesInputError } from './errors.js';
import { R100, div, mul, ratioOf, sub, toFigure, type Ratio } from './exact.js';
import { AMOUNT_DECIMALS, NO_VALUE, formatDecimal, formatPercent, type DisplayRounding } from './format.js';
import { readInput } from './position-input.js';

/** Spot plan/trace order fields as the API names them (spec §S3, "Spot plan order fields"). */
export interface SpotPlanOrderInput {
  orderNo?: string;
  /** Ordered size: base coin when trackingType is 0, quote amount otherwise. */
  buyDelegateCount?: NumericInput;
  /** Buy price (trackingType 0) or trigger price (otherwise). */
  buyPrice?: NumericInput;
  /** Filled part of buyDelegateCount, in the same unit. */
  dealCount?: NumericInput;
  /** Base coin bought. */
  buyDealCount?: NumericInput;
  /** Base coin still held. */
  holdCount?: NumericInput;
  marketPrice?: NumericInput;
  /** 0: sized in base coin and bought at buyPrice; other: sized as a quote amount, bought at dealCount ÷ buyDealCount. */
  trackingType?: number | string;
  /** Price decimals. */
  pricePlace?: number | string;
  /** Quote amount decimals. */
  quotePrecision?: number | string;
}

/** The figures of a spot plan/trace order. */
export interface SpotOrderFigures {
  /** Filled share of the order in percent (dealCount ÷ buyDelegateCount × 100). */
  filledRatio: Decimal;
  /** Average buy price: buyPrice when trackingType is 0, else dealCount ÷ buyDealCount; null before any fill. */
  averageBuyPrice: Decimal | null;
  /** Quote spent: buyDealCount × buyPrice when trackingType is 0, else dealCount. */
  cost: Decimal;
  /** Market value of what is held: holdCount × marketPrice. */
  marketValue: Decimal;
  /** holdCount × (marketPrice − averageBuyPrice); null before any fill. */
  unrealizedPnl: Decimal | null;
  /** unrealizedPnl ÷ (holdCount × averageBuyPrice) × 100; null when nothing is held. */
  yield: Decimal | null;
}

/**
 * True when the order is sized in base coin (trackingType 0) rather than as a quote amount.
 *
 * @example
 * ```ts
 * isQuantityTracking({ trackingType: 0 }); // true: sized in the base coin
 * ```
 */
export function isQuantityTracking(order: SpotPlanOrderInput): boolean {
  order = readInput(order, 'order');
  const t = order.trackingType;
  // Blank text is missing too: Number('  ') would read it as 0, tracking by quantity.
  const text = typeof t === 'string' ? t.trim() : t;
  if (text === undefined || text === null || text === '') throw new FuturesInputError('trackingType', 'missing', t);
  const n = typeof text === 'string' ? Number(text) : text;
  if (!Number.isInteger(n)) throw new FuturesInputError('trackingType', 'not-numeric', t);
  return n === 0;
}

/**
 * Filled ratio, cost, market value, unrealised PnL and yield of a spot plan/trace order.
 *
 * @example
 * ```ts
 * const order = { trackingType: 0, buyDelegateCount: '2', buyPrice: '100', dealCount: '1', buyDealCount: '1', holdCount: '1', marketPrice:
 * '110', pricePlace: 2 };
 * spotOrderFigures(order).unrealizedPnl.toString(); // '10'
 * ```
 */
export function spotOrderFigures(order: SpotPlanOrderInput): SpotOrderFigures {
  order = readInput(order, 'order');
  const byQuantity = isQuantityTracking(order);
  const ordered = readDecimal(order.buyDelegateCount, 'buyDelegateCount', 'positive');
  const dealt = readOptionalDecimal(order.dealCount, 'dealCount', ZERO, 'non-negative');
  const bought = readOptionalDecimal(order.buyDealCount, 'buyDealCount', ZERO, 'non-negative');
  const held = readOptionalDecimal(order.holdCount, 'holdCount', ZERO, 'non-negative');
  const market = readDecimal(order.marketPrice, 'marketPrice', 'positive');
  let average: Ratio | null;
  let cost: Ratio;
  if (byQuantity) {
    average = ratioOf(readDecimal(order.buyPrice, 'buyPrice', 'positive'));
    cost = mul(ratioOf(bought), average);
  } else {
    average = bought.isZero() ? null : div(ratioOf(dealt), ratioOf(bought));
    cost = ratioOf(dealt);
  }
  const h = ratioOf(held);
  const m = ratioOf(market);
  // Exact ratios rounded once (docs/futures-maths.md, "Exactness").
  let unrealizedPnl: Ratio | null = null;
  let yieldRatio: Ratio | null = null;
  if (average !== null) {
    unrealizedPnl = mul(h, sub(m, average));
    // div gives null for a zero basis (nothing held, or bought at 0): no yield.
    yieldRatio = div(mul(unrealizedPnl, R100), mul(h, average));
  }
  return {
    filledRatio: toFigure(div(mul(ratioOf(dealt), R100), ratioOf(ordered)) as Ratio),
    averageBuyPrice: average === null ? null : toFigure(average),
    cost: toFigure(cost),
    marketValue: toFigure(mul(h, m)),
    unrealizedPnl: unrealizedPnl === null ? null : toFigure(unrealizedPnl),
    yield: yieldRatio === null ? null : toFigure(yieldRatio),
  };
}

/** The figures of spotOrderFigures as display strings (prices at pricePlace, amounts at quotePrecision, percentages 2). */
export interface SpotOrderDisplay {
  filledRatio: string;
  averageBuyPrice: string;
  cost: string;
  marketValue: string;
  unrealizedPnl: string;
  yield: string;
}

/**
 * Formats a spot plan/trace order's figures with its own pricePlace and quotePrecision (default 6), truncated unless `rounding` says
 * otherwise.
 *
 * @example
 * ```ts
 * const order = { trackingType: 0, buyDelegateCount: '2', buyPrice: '100', dealCount: '1', buyDealCount: '1', holdCount: '1', marketPrice:
 * '110', pricePlace: 2 };
 * formatSpotOrderFigures(order).yield; // '+10.00%'
 * ```
 */
export function formatSpotOrderFigures(
  order: SpotPlanOrderInput,
  figures: SpotOrderFigures = spotOrderFigures(order),
  rounding?: DisplayRounding,
): SpotOrderDisplay {
  order = readInput(order, 'order');
  figures = readInput(figures, 'figures');
  const pricePlace = order.pricePlace ?? AMOUNT_DECIMALS;
  const quotePrecision = order.quotePrecision ?? AMOUNT_DECIMALS;
  return {
    filledRatio: formatPercent(figures.filledRatio, { rounding }),
    averageBuyPrice: figures.averageBuyPrice === null ? NO_VALUE : formatDecimal(figures.averageBuyPrice, pricePlace, rounding),
    cost: formatDecimal(figures.cost, quotePrecision, rounding),
    marketValue: formatDecimal(figures.marketValue, quotePrecision, rounding),
    unrealizedPnl: figures.unrealizedPnl === null ? NO_VALUE : formatDecimal(figures.unrealizedPnl, quotePrecision, rounding),
    // formatPercent shows null as '--'.
    yield: formatPercent(figures.yield, { plusSign: true, rounding }),
  };
}
