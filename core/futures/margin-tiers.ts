// Maintenance-margin tier tables ("tax brackets"), as Binance publishes them: each tier covers notionals
// above its floor up to and including the next tier's floor ("50,000 < Position ≤ 250,000"), with its own
// maintenance margin rate and maintenance amount; the first tier starts at 0 inclusive.
import type { Decimal } from 'decimal.js';
import { readDecimal, type NumericInput } from './futures-decimal.js';
import { FuturesInputError } from './errors.js';
import { R0, add, cmp, mul, ratioOf, sub, toFigure, type Ratio } from './exact.js';
import { isArrayValue } from '../validate/describe-value.js';
import { readInput } from './position-input.js';

/** One tier as an exchange publishes it. Notionals are in the quote coin (linear) or the base coin (inverse). */
export interface MarginTierInput {
  /**
   * The notional above which the tier starts: the previous tier's cap, which still belongs to the previous tier
   * (Binance: "50,000 < Position ≤ 250,000"). The first tier's floor is 0, and a notional of 0 is in it.
   */
  notionalFloor: NumericInput;
  /** Maintenance margin rate of the tier (e.g. 0.004). */
  maintenanceMarginRate: NumericInput;
  /**
   * Maintenance amount ("cum") of the tier; when absent it is computed as Binance defines it:
   * floor_n × (rate_n − rate_(n−1)) + amount_(n−1), 0 for the first tier.
   */
  maintenanceAmount?: NumericInput;
  /** Maximum leverage of the tier, kept for display; not used by any formula. */
  maxLeverage?: NumericInput;
}

/** A checked tier. */
export interface MarginTier {
  /** 1-based tier number. */
  readonly tier: number;
  readonly notionalFloor: Decimal;
  readonly maintenanceMarginRate: Decimal;
  readonly maintenanceAmount: Decimal;
  readonly maxLeverage: Decimal | null;
}

/** A checked tier table (from marginTierTable). */
export interface MarginTierTable {
  readonly tiers: readonly MarginTier[];
}

interface TierRatios {
  floor: Ratio;
  rate: Ratio;
  amount: Ratio;
}

const checked = new WeakMap<MarginTierTable, TierRatios[]>();

/**
 * Checks a tier table: at least one tier, the first floor 0, floors strictly rising, rates never falling.
 * Missing maintenance amounts are filled in by Binance's formula. Throws FuturesInputError naming the field.
 *
 * @example
 * ```ts
 * const tiers = marginTierTable([
 *   { notionalFloor: 0, maintenanceMarginRate: '0.004' },
 *   { notionalFloor: 50000, maintenanceMarginRate: '0.005' },
 * ]);
 * maintenanceMargin({ position: 1, count: '2', openAvgPrice: '60000' }, { tiers });
 * ```
 */
export function marginTierTable(tiers: readonly MarginTierInput[]): MarginTierTable {
  tiers = readTierList(tiers);
  if (tiers.length === 0) throw new FuturesInputError('tiers', 'missing', tiers);
  const ratios: TierRatios[] = [];
  const out: MarginTier[] = [];
  tiers.forEach((tier: MarginTierInput, i) => {
    const at = `tiers[${i}]`;
    if (typeof tier !== 'object' || tier === null) throw new FuturesInputError(at, 'not-an-object', tier);
    tier = readInput(tier, at);
    const floorDecimal = readDecimal(tier.notionalFloor, `${at}.notionalFloor`, 'non-negative');
    const rateDecimal = readDecimal(tier.maintenanceMarginRate, `${at}.maintenanceMarginRate`, 'non-negative');
    const floor = ratioOf(floorDecimal);
    const rate = ratioOf(rateDecimal);
    const previous = ratios[i - 1];
    if (previous === undefined) {
      if (!floorDecimal.isZero()) throw new FuturesInputError(`${at}.notionalFloor`, 'out-of-order', tier.notionalFloor);
    } else {
      if (cmp(floor, previous.floor) <= 0) throw new FuturesInputError(`${at}.notionalFloor`, 'out-of-order', tier.notionalFloor);
      if (cmp(rate, previous.rate) < 0)
        throw new FuturesInputError(`${at}.maintenanceMarginRate`, 'out-of-order', tier.maintenanceMarginRate);
    }
    const computed = previous === undefined ? R0 : add(mul(floor, sub(rate, previous.rate)), previous.amount);
    const given = tier.maintenanceAmount;
    // Without a given amount the computed one is kept exact; a given one is read, and used as given.
    let amount = computed;
    let amountDecimal: Decimal;
    if (given === undefined || given === null) amountDecimal = toFigure(computed);
    else {
      amountDecimal = readDecimal(given, `${at}.maintenanceAmount`, 'non-negative');
      amount = ratioOf(amountDecimal);
    }
    ratios.push({ floor, rate, amount });
    out.push(
      Object.freeze({
        tier: i + 1,
        notionalFloor: floorDecimal,
        maintenanceMarginRate: rateDecimal,
        maintenanceAmount: amountDecimal,
        maxLeverage: readOptionalLeverage(tier.maxLeverage, `${at}.maxLeverage`),
      }),
    );
  });
  const table: MarginTierTable = Object.freeze({ tiers: Object.freeze(out) });
  checked.set(table, ratios);
  return table;
}

function readOptionalLeverage(value: unknown, field: string): Decimal | null {
  return value === undefined || value === null ? null : readDecimal(value, field, 'positive');
}

/** A copy of the caller's tier list, read once; FuturesInputError when it is not an array or cannot be read. */
function readTierList(tiers: unknown): readonly MarginTierInput[] {
  if (!isArrayValue(tiers)) throw new FuturesInputError('tiers', 'missing', tiers);
  try {
    return Array.from(tiers as readonly MarginTierInput[]);
  } catch {
    throw new FuturesInputError('tiers', 'not-an-object', tiers);
  }
}

/** A table or raw tiers, checked. */
export function resolveTiers(tiers: MarginTierTable | readonly MarginTierInput[]): MarginTierTable {
  if (isArrayValue(tiers)) return marginTierTable(tiers as readonly MarginTierInput[]);
  if (checked.has(tiers as MarginTierTable)) return tiers as MarginTierTable;
  throw new FuturesInputError('tiers', 'not-an-option', tiers);
}

/** The index of the tier a notional falls in: the last tier whose floor is below it (a notional at a floor is in the tier below). */
export function tierIndex(table: MarginTierTable, notional: Ratio): number {
  const ratios = checked.get(resolveTiers(table))!;
  let index = 0;
  for (let i = 1; i < ratios.length; i++) if (cmp(notional, ratios[i]!.floor) > 0) index = i;
  return index;
}

/** The rate and amount of the tier a notional falls in, exactly. */
export function selectTier(
  table: MarginTierTable | readonly MarginTierInput[],
  notional: Ratio,
): { index: number; rate: Ratio; amount: Ratio } {
  const resolved = resolveTiers(table);
  const index = tierIndex(resolved, notional);
  const tier = checked.get(resolved)![index]!;
  return { index, rate: tier.rate, amount: tier.amount };
}

/** The rate and amount of tier number `index` (0-based), exactly. */
export function tierAt(table: MarginTierTable, index: number): { rate: Ratio; amount: Ratio } {
  const tier = checked.get(resolveTiers(table))![index]!;
  return { rate: tier.rate, amount: tier.amount };
}

/**
 * The tier a notional (quote coin linear, base coin inverse) falls in: tiers are inclusive above, as exchanges
 * publish them, so a notional equal to a tier's floor is in the tier below (Binance: exactly 50,000 is tier 1).
 *
 * @example
 * ```ts
 * const tiers = [{ notionalFloor: 0, maintenanceMarginRate: '0.004' }, { notionalFloor: 50000, maintenanceMarginRate: '0.005' }];
 * marginTierOf(tiers, '50000').tier; // 1 (0 < notional ≤ 50,000)
 * ```
 */
export function marginTierOf(table: MarginTierTable | readonly MarginTierInput[], notional: NumericInput): MarginTier {
  const resolved = resolveTiers(table);
  return resolved.tiers[tierIndex(resolved, ratioOf(readDecimal(notional, 'notional', 'non-negative')))]!;
}
