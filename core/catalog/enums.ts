import { deepFreeze } from './freeze.js';

// Spec §B3: business lines.
export const BusinessLine = deepFreeze({
  spot: 1,
  usdtContract: 10,
  coinContract: 11,
  usdcContract: 12,
  spotMargin: 23,
  finance: 6,
} as const);
/** A business line number. */
export type BusinessLine = (typeof BusinessLine)[keyof typeof BusinessLine];

// Spec §B3: position type (cross 0, isolate 1). Not the same numbering as MarginMode.
export const PositionType = deepFreeze({ cross: 0, isolate: 1 } as const);
/** A position type number (spec part B numbering). */
export type PositionType = (typeof PositionType)[keyof typeof PositionType];

// Spec §S3: margin mode of a position for maths (1 fixed/isolated, 2 cross). Not PositionType.
export const MarginMode = deepFreeze({ isolated: 1, cross: 2 } as const);
/** A margin mode number (spec part S numbering). */
export type MarginMode = (typeof MarginMode)[keyof typeof MarginMode];

// Spec §S3: position side (1 long, 2 short).
export const PositionSide = deepFreeze({ long: 1, short: 2 } as const);
/** A position side number. */
export type PositionSide = (typeof PositionSide)[keyof typeof PositionSide];

// Spec §S3: position mode (one-way 1, two-way/hedge 2).
export const PositionMode = deepFreeze({ oneWay: 1, hedge: 2 } as const);
/** A position mode number. */
export type PositionMode = (typeof PositionMode)[keyof typeof PositionMode];

// Spec §B3: trade index (default 0, strategy 1, subscriber 2).
export const TradeIndex = deepFreeze({ default: 0, strategy: 1, subscriber: 2 } as const);
/** A trade index number. */
export type TradeIndex = (typeof TradeIndex)[keyof typeof TradeIndex];

// Spec §B3: asset tab names.
export const ASSET_TABS = deepFreeze(['overview', 'spot', 'contract', 'p2p', 'financial', 'swap', 'reward', 'margin'] as const);
/** An asset tab name. */
export type AssetTab = (typeof ASSET_TABS)[number];

// Spec §B3: themes.
export const THEMES = deepFreeze(['light', 'dark'] as const);
/** A theme name. */
export type Theme = (typeof THEMES)[number];

// Spec §B3: default symbol examples (used for spotLine level/onchain).
export const DEFAULT_SYMBOLS = deepFreeze(['USDTBRL_SPBL', 'BGBUSDT_SPBL', 'BTCUSDT_SPBL'] as const);

/** Spec §B3 app request envelope: what the web page sends to the native app. */
export interface AppRequest<P = unknown> {
  requestId: string;
  path: string;
  params: P;
}

/**
 * Spec §B3 app response envelope. Errors use `ErrorObject` from core/errors (name, code, msg,
 * appData, extra).
 */
export interface AppResponse<T = unknown> {
  code: string | number;
  data: T;
}
