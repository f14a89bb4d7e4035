// Spot plan/trace order figures (spec §S3 "Spot plan order fields"); trackingType 0 versus other is
// documented in docs/futures-maths.md.
import { describe, expect, it } from 'vitest';
import { FuturesInputError, formatSpotOrderFigures, isQuantityTracking, spotOrderFigures } from '../../../core/index.js';
import { refusal } from './refusals.js';

/** The FuturesInputError `fn` throws, as a plain object of what a caller reads. */

const filled = {
  trackingType: 0,
  buyDelegateCount: '2',
  buyPrice: '100',
  dealCount: '1',
  buyDealCount: '1',
  holdCount: '1',
  marketPrice: '110',
};

describe('spot plan/trace order figures', () => {
  it('trackingType 0: sized in base coin, bought at buyPrice', () => {
    const order = {
      orderNo: '1',
      trackingType: 0,
      buyDelegateCount: '2',
      dealCount: '1.5',
      buyDealCount: '1.5',
      buyPrice: '100',
      holdCount: '1.2',
      marketPrice: '110.5',
      pricePlace: 2,
      quotePrecision: 4,
    };
    const figures = spotOrderFigures(order);
    expect(figures.filledRatio.toString()).toBe('75');
    expect(figures.cost.toString()).toBe('150');
    expect(figures.marketValue.toString()).toBe('132.6');
    expect(figures.unrealizedPnl!.toString()).toBe('12.6');
    expect(figures.yield!.toString()).toBe('10.5');
    expect(formatSpotOrderFigures(order)).toEqual({
      filledRatio: '75.00%',
      averageBuyPrice: '100.00',
      cost: '150.0000',
      marketValue: '132.6000',
      unrealizedPnl: '12.6000',
      yield: '+10.50%',
    });
  });

  it('trackingType other: sized as a quote amount, average price = dealCount ÷ buyDealCount', () => {
    const order = {
      trackingType: '1',
      buyDelegateCount: '300',
      dealCount: '200',
      buyDealCount: '3',
      buyPrice: '60',
      holdCount: '3',
      marketPrice: '60',
      pricePlace: '3',
      quotePrecision: '2',
    };
    const figures = spotOrderFigures(order);
    expect(figures.filledRatio.toFixed(4)).toBe('66.6667');
    expect(figures.cost.toString()).toBe('200');
    expect(figures.averageBuyPrice!.toFixed(6)).toBe('66.666667');
    expect(figures.unrealizedPnl!.toFixed(6)).toBe('-20.000000');
    const shown = formatSpotOrderFigures(order);
    expect(shown.averageBuyPrice).toBe('66.666');
    expect(shown.filledRatio).toBe('66.66%');
    expect(shown.yield).toBe('-10.00%');
  });

  it('figures are exact: 3 held at an average of 200 ÷ 3, market 70, is a PnL of exactly 10.00 (+5.00 %), not 9.99', () => {
    // A 40-digit average (66.66…67) made this 9.99…99, which truncates to 9.99.
    const order = {
      trackingType: 1,
      buyDelegateCount: '200',
      dealCount: '200',
      buyDealCount: '3',
      holdCount: '3',
      marketPrice: '70',
      quotePrecision: 2,
    };
    expect(spotOrderFigures(order).unrealizedPnl!.toString()).toBe('10');
    expect(formatSpotOrderFigures(order)).toMatchObject({ unrealizedPnl: '10.00', yield: '+5.00%', averageBuyPrice: '66.666666' });
  });

  it('the display takes a rounding mode for every figure (truncation by default)', () => {
    const order = {
      trackingType: 1,
      buyDelegateCount: '300',
      dealCount: '200',
      buyDealCount: '3',
      holdCount: '3',
      marketPrice: '60',
      pricePlace: 3,
      quotePrecision: 2,
    };
    expect(formatSpotOrderFigures(order, undefined, 'half-up')).toMatchObject({ averageBuyPrice: '66.667', filledRatio: '66.67%' });
    expect(formatSpotOrderFigures(order, undefined, 'half-even')).toMatchObject({ averageBuyPrice: '66.667', filledRatio: '66.67%' });
    expect(formatSpotOrderFigures(order)).toMatchObject({ averageBuyPrice: '66.666', filledRatio: '66.66%' });
  });

  it('before any fill: no average price, no PnL, no yield ("--")', () => {
    const order = { trackingType: 1, buyDelegateCount: '100', marketPrice: '5' };
    const shown = formatSpotOrderFigures(order);
    expect(shown).toMatchObject({ filledRatio: '0.00%', averageBuyPrice: '--', unrealizedPnl: '--', yield: '--', cost: '0.000000' });
  });

  it('bad input names the field', () => {
    expect(() => spotOrderFigures({ buyDelegateCount: '1', marketPrice: '1' })).toThrow(FuturesInputError);
    expect(() => spotOrderFigures({ trackingType: 0, buyDelegateCount: '0', marketPrice: '1' })).toThrow(
      expect.objectContaining({ name: 'FuturesInputError', field: 'buyDelegateCount', problem: 'zero' }),
    );
    expect(() => spotOrderFigures({ buyDelegateCount: '1', marketPrice: '1' })).toThrow(expect.objectContaining({ field: 'trackingType' }));
  });

  it('trackingType 0 (number or text, blanks around) is sized in base coin; any other integer as a quote amount', () => {
    expect(isQuantityTracking({ trackingType: 0 })).toBe(true);
    expect(isQuantityTracking({ trackingType: ' 0 ' })).toBe(true);
    expect(isQuantityTracking({ trackingType: 1 })).toBe(false);
    expect(isQuantityTracking({ trackingType: '2' })).toBe(false);
  });

  it('a trackingType that is absent, null, empty or blank is "missing", never read as 0', () => {
    for (const trackingType of [undefined, null, '', '   ']) {
      expect(refusal(() => isQuantityTracking({ trackingType } as never))).toStrictEqual({
        name: 'FuturesInputError',
        field: 'trackingType',
        problem: 'missing',
        value: trackingType,
      });
    }
  });

  it('a trackingType that is no integer is "not-numeric"', () => {
    for (const trackingType of ['abc', 0.5, '1.5', true]) {
      expect(refusal(() => isQuantityTracking({ trackingType } as never))).toStrictEqual({
        name: 'FuturesInputError',
        field: 'trackingType',
        problem: 'not-numeric',
        value: trackingType,
      });
    }
  });

  it('an order or figures that are not given are "missing", naming "order" or "figures"', () => {
    const missing = (field: string, value: unknown) => ({ name: 'FuturesInputError', field, problem: 'missing', value });
    expect(refusal(() => isQuantityTracking(null as never))).toStrictEqual(missing('order', null));
    expect(refusal(() => spotOrderFigures(null as never))).toStrictEqual(missing('order', null));
    const figures = spotOrderFigures(filled);
    expect(refusal(() => formatSpotOrderFigures(null as never, figures))).toStrictEqual(missing('order', null));
    expect(refusal(() => formatSpotOrderFigures(filled, null as never))).toStrictEqual(missing('figures', null));
  });

  it('counts must not be negative and prices must be positive, each refusal naming its field', () => {
    for (const [field, value, problem] of [
      ['dealCount', '-1', 'negative'],
      ['buyDealCount', '-1', 'negative'],
      ['holdCount', '-0.5', 'negative'],
      ['marketPrice', '0', 'zero'],
      ['marketPrice', '-1', 'negative'],
      ['buyPrice', '0', 'zero'],
      ['dealCount', 'x', 'not-numeric'],
      ['buyDealCount', 'x', 'not-numeric'],
      ['holdCount', 'x', 'not-numeric'],
      ['buyPrice', 'x', 'not-numeric'],
    ] as const) {
      expect(refusal(() => spotOrderFigures({ ...filled, [field]: value }))).toStrictEqual({
        name: 'FuturesInputError',
        field,
        problem,
        value,
      });
    }
    // Zero counts are allowed: nothing filled, bought or held yet.
    expect(spotOrderFigures({ ...filled, dealCount: '0', buyDealCount: '0', holdCount: '0' }).marketValue.toString()).toBe('0');
  });

  it('nothing held, or bought at an average of 0, gives a PnL but no yield', () => {
    const none = spotOrderFigures({ ...filled, holdCount: '0' });
    expect(none.unrealizedPnl!.toString()).toBe('0');
    expect(none.yield).toBeNull();
    const free = spotOrderFigures({
      trackingType: 1,
      buyDelegateCount: '1',
      dealCount: '0',
      buyDealCount: '2',
      holdCount: '2',
      marketPrice: '3',
    });
    expect(free.averageBuyPrice!.toString()).toBe('0');
    expect(free.unrealizedPnl!.toString()).toBe('6');
    expect(free.yield).toBeNull();
    expect(formatSpotOrderFigures({ ...filled, holdCount: '0' }).yield).toBe('--');
  });
});
