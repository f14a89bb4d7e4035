import { Decimal } from 'decimal.js';
import { FuturesDecimal, HUNDRED, ONE, readDecimal, type NumericInput } from './futures-decimal.js';
import { resolveContract, type ContractKind } from './contract.js';
import { directionOf, type Direction, type FuturesPositionInput } from './position-input.js';
import { readOpenPrice, readSize } from './position-readers.js';
import { liquidationPrice, type LiquidationOptions } from './liquidation-price.js';
import { roeBase } from './roe.js';

/**
 * Significant digits of the per-tick ROE factor 100 ÷ margin. ROE is shown with 2 decimals, so 24 digits
 * (relative error below 1e-23) change nothing a screen shows, and multiplying by a 24-digit factor costs
 * about a third of a 40-digit one.
 */
export const ROE_FACTOR_DIGITS = 24;

// Rounds away from zero: used for the ROE factor only (see preparePosition).
const AwayFromZero = FuturesDecimal.clone({ precision: ROE_FACTOR_DIGITS, rounding: Decimal.ROUND_UP });

/** A mark price read once per tick and shared by every position: the price and its reciprocal (for inverse PnL). */
export interface MarkPrice {
  readonly price: Decimal;
  readonly reciprocal: Decimal;
}

/** Reads a mark price once for a tick, so that 1,000 positions do not each parse it and divide by it. */
export function prepareMark(markPrice: NumericInput): MarkPrice {
  const price = readDecimal(markPrice, 'markPrice', 'positive');
  return { price, reciprocal: ONE.div(price) };
}

/** The figures of one position at one mark price. */
export interface PositionTick {
  /** Unrealised PnL (quote coin linear, base coin inverse). */
  unrealizedPnl: Decimal;
  /** Return on equity in percent. */
  roe: Decimal;
  /** Liquidation price, or null for none ('--'). It does not depend on the mark price. */
  liquidationPrice: Decimal | null;
}

/** A position with everything that does not depend on the mark price computed once. */
export interface PreparedPosition {
  readonly kind: ContractKind;
  readonly direction: Direction;
  /** Q in face units. */
  readonly size: Decimal;
  readonly openPrice: Decimal;
  readonly liquidationPrice: Decimal | null;
  /** Unrealised PnL, ROE and liquidation price at a mark price, with three Decimal operations. */
  tick(mark: MarkPrice | NumericInput): PositionTick;
}

function isMark(value: unknown): value is MarkPrice {
  return typeof value === 'object' && value !== null && !Decimal.isDecimal(value) && 'reciprocal' in value;
}

/**
 * Precomputes a position for live figures: d·Q, d·Q·E (or d·Q/E inverse), 100 ÷ margin and the liquidation
 * price. Prepare again when the position or the account's liquidation inputs change; only `tick` runs per mark price.
 */
export function preparePosition(input: FuturesPositionInput, options: LiquidationOptions = {}): PreparedPosition {
  const contract = resolveContract(options);
  const direction = directionOf(input);
  const size = readSize(input, contract);
  const openPrice = readOpenPrice(input);
  const dq = direction === 1 ? size : size.neg();
  const liq = liquidationPrice(input, options);
  // ROE = PnL × (100 ÷ margin): a multiplication per tick instead of a division (about 7× dearer). The factor
  // is rounded away from zero, so an exact ROE such as 1000 never comes out as 999.99…9 and truncates wrongly
  // (it can only land on or a hair beyond the exact value, never across the next 0.01).
  const roeFactor = new AwayFromZero(HUNDRED).div(roeBase(input, contract));
  if (contract.kind === 'linear') {
    const dqe = dq.times(openPrice);
    return {
      kind: 'linear',
      direction,
      size,
      openPrice,
      liquidationPrice: liq,
      tick(mark) {
        const price = isMark(mark) ? mark.price : readDecimal(mark, 'markPrice', 'positive');
        // d·Q·(P − E) = d·Q·P − d·Q·E
        const upnl = dq.times(price).minus(dqe);
        return { unrealizedPnl: upnl, roe: upnl.times(roeFactor), liquidationPrice: liq };
      },
    };
  }
  const dqOverE = dq.div(openPrice);
  return {
    kind: 'inverse',
    direction,
    size,
    openPrice,
    liquidationPrice: liq,
    tick(mark) {
      const reciprocal = (isMark(mark) ? mark : prepareMark(mark)).reciprocal;
      // d·Q·(1/E − 1/P) = d·Q/E − d·Q·(1/P); the absolute error stays below 1e-39·Q/E, far under any display.
      const upnl = dqOverE.minus(dq.times(reciprocal));
      return { unrealizedPnl: upnl, roe: upnl.times(roeFactor), liquidationPrice: liq };
    },
  };
}
