// Live figures: everything that does not depend on the mark price is computed once per position, and each
// mark tick costs a handful of BigInt operations per position. The figures are exact ratios, rounded once
// when they become a Decimal or a display string (docs/futures-maths.md, "Live figures").
import { Decimal } from 'decimal.js';
import { readDecimal, type NumericInput } from './futures-decimal.js';
import { FuturesInputError } from './errors.js';
import { resolveContract, type ContractKind } from './contract.js';
import { directionOf, type Direction, type FuturesPositionInput, readInput } from './position-input.js';
import { readOpenPrice, readSize } from './position-readers.js';
import { liquidationPriceRatio, type LiquidationOptions } from './liquidation-price.js';
import { hasPositionMargin } from './margin.js';
import { roeBase } from './roe.js';
import { R1, div, pow10, roundScaled, scaledOf, toFigure, writeScaled, type DisplayRounding, type Ratio } from './exact.js';
import { AMOUNT_DECIMALS, NO_VALUE, PERCENT_DECIMALS, readPlaces, readRounding } from './format.js';

/** A mark price read once per tick and shared by every position. */
export interface MarkPrice {
  readonly price: Decimal;
  /** 1 ÷ price (exact to 41 decimals, see docs/futures-maths.md); kept for callers, not used by tick. */
  readonly reciprocal: Decimal;
  /** The price as integer units and a decimal scale: price = units / 10^scale. */
  readonly units: bigint;
  readonly scale: number;
}

/**
 * Reads a mark price once for a tick, so that 1,000 positions do not each parse it.
 *
 * @example
 * ```ts
 * // One mark price shared by every open position of the symbol: read once, not once per position.
 * const mark = prepareMark('62000');
 * const rows = preparedPositions.map((position) => position.display(mark));
 * ```
 */
export function prepareMark(markPrice: NumericInput): MarkPrice {
  const price = readDecimal(markPrice, 'markPrice', 'positive');
  const { units, scale } = scaledOf(price);
  let reciprocal: Decimal | undefined;
  return {
    price,
    get reciprocal() {
      return (reciprocal ??= toFigure(div(R1, { n: units, d: pow10(scale) }) as Ratio));
    },
    units,
    scale,
  };
}

/** The figures of one position at one mark price. */
export interface PositionTick {
  /** Unrealised PnL (quote coin linear, base coin inverse). */
  unrealizedPnl: Decimal;
  /** Return on equity in percent; null when the position has neither a margin field nor a leverage. */
  roe: Decimal | null;
  /** Liquidation price, or null for none ('--'), also when its inputs are missing. It does not depend on the mark price. */
  liquidationPrice: Decimal | null;
}

/** How one figure is displayed. */
export interface FigureFormat {
  /** Decimals shown. */
  places?: number;
  /** Rounding to `places`: 'truncate' (toward zero, the seed's rule and the default), 'half-up' or 'half-even'. */
  rounding?: DisplayRounding;
}

/** Display options per figure: uPnL 6 decimals, ROE 2, liquidation price 6 by default, all truncated. */
export interface PositionDisplayFormat {
  unrealizedPnl?: FigureFormat;
  roe?: FigureFormat;
  liquidationPrice?: FigureFormat;
}

/** The figures of one position at one mark price as display strings (as formatAmount, formatRoe and formatLiquidationPrice write them). */
export interface PositionDisplay {
  unrealizedPnl: string;
  /** '+12.34%', '-5.00%', '0.00%', or '--' when the ROE is unknown. */
  roe: string;
  /** The price, or '--' when there is none. */
  liquidationPrice: string;
}

/** One figure's checked display settings. */
export interface ResolvedFigure {
  places: number;
  rounding: DisplayRounding;
}

/** A checked display format (from positionDisplayFormat); pass it to display() to skip checking per call. */
export interface ResolvedDisplayFormat {
  readonly unrealizedPnl: Readonly<ResolvedFigure>;
  readonly roe: Readonly<ResolvedFigure>;
  readonly liquidationPrice: Readonly<ResolvedFigure>;
}

const resolvedFormats = new WeakSet<object>();

function resolveFigure(format: FigureFormat | undefined, places: number, field: string): ResolvedFigure {
  if (format === undefined) return { places, rounding: 'truncate' };
  if (typeof format !== 'object' || format === null) throw new FuturesInputError(field, 'not-an-object', format);
  return {
    places: format.places === undefined ? places : readPlaces(format.places, `${field}.places`),
    rounding: readRounding(format.rounding, `${field}.rounding`),
  };
}

/**
 * Checks display options once (FuturesInputError naming the option when one is wrong).
 *
 * @example
 * ```ts
 * const long = { position: 1, marginMode: 1, count: '0.5', openAvgPrice: '60000', openLevel: '10', openMarginCount: '3000', mm: '0.004',
 * feeRate: '0.0006' };
 * const format = positionDisplayFormat({ unrealizedPnl: { places: 2 } });
 * preparePosition(long).display('62000', format).unrealizedPnl; // '1000.00'
 * ```
 */
export function positionDisplayFormat(format: PositionDisplayFormat = {}): ResolvedDisplayFormat {
  if (resolvedFormats.has(format)) return format as ResolvedDisplayFormat;
  if (typeof format !== 'object' || format === null) throw new FuturesInputError('format', 'not-an-object', format);
  format = readInput(format, 'format');
  const out: ResolvedDisplayFormat = Object.freeze({
    unrealizedPnl: Object.freeze(resolveFigure(format.unrealizedPnl, AMOUNT_DECIMALS, 'unrealizedPnl')),
    roe: Object.freeze(resolveFigure(format.roe, PERCENT_DECIMALS, 'roe')),
    liquidationPrice: Object.freeze(resolveFigure(format.liquidationPrice, AMOUNT_DECIMALS, 'liquidationPrice')),
  });
  resolvedFormats.add(out);
  return out;
}

const DEFAULT_FORMAT = positionDisplayFormat();

/** A position with everything that does not depend on the mark price computed once. */
export interface PreparedPosition {
  readonly kind: ContractKind;
  readonly direction: Direction;
  /** Q in face units. */
  readonly size: Decimal;
  readonly openPrice: Decimal;
  readonly liquidationPrice: Decimal | null;
  /** For each figure that is null for want of input, the first missing field found: e.g. ['openLevel'] for a cross position with neither
   * leverage nor margin. */
  readonly missing: readonly string[];
  /** Unrealised PnL, ROE and liquidation price at a mark price, exact (see docs/futures-maths.md). */
  tick(mark: MarkPrice | NumericInput): PositionTick;
  /** The same figures as display strings, without building Decimals: the screen's per-tick path. */
  display(mark: MarkPrice | NumericInput, format?: PositionDisplayFormat | ResolvedDisplayFormat): PositionDisplay;
}

function markOf(mark: MarkPrice | NumericInput): MarkPrice {
  if (typeof mark !== 'object' || mark === null || Decimal.isDecimal(mark)) return prepareMark(mark as NumericInput);
  if ('units' in mark) return mark;
  // A { price, reciprocal } mark built by hand (the shape of earlier versions): read its price.
  return prepareMark((mark as { price?: NumericInput }).price as NumericInput);
}

/**
 * Runs `compute`; an input that is missing (not one that is wrong) gives null and is recorded in `missing`.
 * Run once per position, on an empty list, so the field cannot be listed twice.
 */
function whenPresent<T>(compute: () => T, missing: string[]): T | null {
  try {
    return compute();
  } catch (error) {
    if (error instanceof FuturesInputError && error.problem === 'missing') {
      missing.push(error.field);
      return null;
    }
    throw error;
  }
}

/**
 * Precomputes a position for live figures: d·Q and E as integers, the margin ROE is measured against, and
 * the liquidation price. Size, open price and direction are required; the ROE is null without a margin
 * field or leverage, the liquidation price null when its inputs are missing (both listed in `missing`).
 * Prepare again when the position or the account's liquidation inputs change; only tick/display run per mark.
 *
 * @example
 * ```ts
 * const long = { position: 1, marginMode: 1, count: '0.5', openAvgPrice: '60000', openLevel: '10', openMarginCount: '3000', mm: '0.004',
 * feeRate: '0.0006' };
 * const prepared = preparePosition(long);
 * prepared.display('62000'); // { unrealizedPnl: '1000.000000', roe: '+33.33%', liquidationPrice: '54249.547920' }
 * ```
 */
export function preparePosition(input: FuturesPositionInput, options: LiquidationOptions = {}): PreparedPosition {
  input = readInput(input, 'input');
  options = readInput(options, 'options', true);
  const contract = resolveContract(options);
  const direction = directionOf(input);
  const size = readSize(input, contract);
  const openPrice = readOpenPrice(input);
  const missing: string[] = [];
  const liqRatio = whenPresent(() => liquidationPriceRatio(input, options), missing);
  const liq = liqRatio === null ? null : toFigure(liqRatio);
  let base: Ratio | null = null;
  if (hasPositionMargin(input)) base = roeBase(input, contract);
  else if (!missing.includes('openLevel')) missing.push('openLevel');

  const q = scaledOf(size);
  const e = scaledOf(openPrice);
  const dq = direction === 1 ? q.units : -q.units;
  const linear = contract.kind === 'linear';
  // inverse: d·Q·(1/E − 1/P) = d·Q·(P − E)/(E·P); with P = p/10^sp and E = e/10^se that is
  // dq·(p·10^se − e·10^sp) / (10^sq · e · p).
  const inverseDenominator = pow10(q.scale) * e.units;
  // ROE = uPnL × 100 ÷ base = uPnL × (100·base.d) ÷ base.n; base.n > 0 (the margin is positive).
  const roeNumerator = base === null ? 0n : 100n * base.d;
  const roeDenominator = base === null ? 0n : base.n;

  /** uPnL as numerator and denominator (denominator > 0) at a mark. */
  const pnlAt = (m: MarkPrice): [bigint, bigint] => {
    const diff = m.units * pow10(e.scale) - e.units * pow10(m.scale);
    return [dq * diff, linear ? pow10(q.scale + m.scale + e.scale) : inverseDenominator * m.units];
  };

  let liqFormat: ResolvedFigure | undefined;
  let liqText = NO_VALUE;
  const liquidationText = (format: ResolvedFigure): string => {
    if (liqRatio === null) return NO_VALUE;
    // Stryker disable next-line ConditionalExpression: a cache; writing the text again for the same format gives the same string
    if (liqFormat !== format) {
      liqText = writeScaled(roundScaled(liqRatio.n, liqRatio.d, format.places, format.rounding), format.places);
      liqFormat = format;
    }
    return liqText;
  };

  return {
    kind: contract.kind,
    direction,
    size,
    openPrice,
    liquidationPrice: liq,
    missing: Object.freeze(missing),
    tick(mark) {
      const [n, d] = pnlAt(markOf(mark));
      // The Decimals are built when read: a screen that reads one figure does not pay for the other.
      let pnl: Decimal | undefined;
      let roe: Decimal | null | undefined;
      return {
        get unrealizedPnl() {
          return (pnl ??= toFigure({ n, d }));
        },
        get roe() {
          if (roe === undefined) roe = base === null ? null : toFigure({ n: n * roeNumerator, d: d * roeDenominator });
          return roe;
        },
        liquidationPrice: liq,
      };
    },
    display(mark, format) {
      // Stryker disable next-line ConditionalExpression: positionDisplayFormat(undefined) resolves the same defaults, only slower
      const f = format === undefined ? DEFAULT_FORMAT : positionDisplayFormat(format);
      const [n, d] = pnlAt(markOf(mark));
      const pnl = f.unrealizedPnl;
      let roe = NO_VALUE;
      if (base !== null) {
        const units = roundScaled(n * roeNumerator, d * roeDenominator, f.roe.places, f.roe.rounding);
        roe = `${units > 0n ? '+' : ''}${writeScaled(units, f.roe.places)}%`;
      }
      return {
        unrealizedPnl: writeScaled(roundScaled(n, d, pnl.places, pnl.rounding), pnl.places),
        roe,
        liquidationPrice: liquidationText(f.liquidationPrice),
      };
    },
  };
}
