export { FuturesInputError, MAX_DECIMAL_DIGITS } from './errors.js';
export type { FuturesInputProblem } from './errors.js';
export { FuturesDecimal, readDecimal } from './futures-decimal.js';
export type { NumericInput, NumericRule } from './futures-decimal.js';
export { FUTURES_BUSINESS_LINES, contractKindOfBusinessLine, resolveContract } from './contract.js';
export type { ContractKind, ContractOptions, FuturesBusinessLine, ResolvedContract } from './contract.js';
export { directionOf, marginModeOf, positionModeOf } from './position-input.js';
export type {
  Direction,
  FuturesPositionInput,
  LiquidationFields,
  MarginModeName,
  PositionFields,
  PositionModeName,
} from './position-input.js';
export { realizedPnl, unrealizedPnl } from './pnl.js';
export type { RealizedPnlOptions } from './pnl.js';
export { initialMargin, maintenanceMargin } from './margin.js';
export type { MaintenanceMarginOptions, MarginOptions } from './margin.js';
export { roe } from './roe.js';
export { averageOpenPrice } from './average-open-price.js';
export type { PositionFill } from './average-open-price.js';
export { breakEvenPrice } from './break-even-price.js';
export type { BreakEvenOptions } from './break-even-price.js';
export { bankruptcyPrice, liquidationPrice } from './liquidation-price.js';
export { closeFee, fundingFee, openFee } from './fees.js';
export type { TradingFeeOptions } from './fees.js';
export { marginTierOf, marginTierTable } from './margin-tiers.js';
export type { MarginTier, MarginTierInput, MarginTierTable } from './margin-tiers.js';
export type { BankruptcyOptions, LiquidationOptions } from './liquidation-price.js';
export type { FeeLiquidity } from './position-readers.js';
export { positionDisplayFormat, prepareMark, preparePosition } from './prepared-position.js';
export type {
  FigureFormat,
  MarkPrice,
  PositionDisplay,
  PositionDisplayFormat,
  PositionTick,
  PreparedPosition,
  ResolvedDisplayFormat,
  ResolvedFigure,
} from './prepared-position.js';
export {
  AMOUNT_DECIMALS,
  DISPLAY_ROUNDINGS,
  MAX_DISPLAY_PLACES,
  NO_VALUE,
  PERCENT_DECIMALS,
  formatAmount,
  formatDecimal,
  formatLiquidationPrice,
  formatPercent,
  formatPrice,
  formatRoe,
  parseDisplayNumber,
  roundDecimal,
  truncateDecimal,
} from './format.js';
export type { DisplayRounding, PercentFormat, RoeFormat } from './format.js';
export { formatSpotOrderFigures, isQuantityTracking, spotOrderFigures } from './spot-order.js';
export type { SpotOrderDisplay, SpotOrderFigures, SpotPlanOrderInput } from './spot-order.js';
