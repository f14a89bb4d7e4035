import { describe, expect, it } from 'vitest';
import {
  ASSET_TABS,
  BusinessLine,
  DEFAULT_SYMBOLS,
  MarginMode,
  PositionMode,
  PositionSide,
  PositionType,
  THEMES,
  TradeIndex,
} from '../../../core/catalog/index.js';
import type { AppRequest, AppResponse, ErrorObject } from '../../../core/index.js';

describe('enumerations (spec §B3, §S3)', () => {
  it('business line: spot=1, usdt contract=10, coin contract=11, usdc contract=12, spot margin=23, finance=6', () => {
    expect({ ...BusinessLine }).toEqual({
      spot: 1,
      usdtContract: 10,
      coinContract: 11,
      usdcContract: 12,
      spotMargin: 23,
      finance: 6,
    });
  });

  it('position type: cross=0, isolate=1', () => {
    expect({ ...PositionType }).toEqual({ cross: 0, isolate: 1 });
  });

  it('marginMode (1 fixed/isolated, 2 cross) is kept apart from PositionType', () => {
    expect({ ...MarginMode }).toEqual({ isolated: 1, cross: 2 });
    expect(MarginMode.cross).not.toBe(PositionType.cross);
  });

  it('position (1 long, 2 short) and positionMode (one-way 1, two-way 2)', () => {
    expect({ ...PositionSide }).toEqual({ long: 1, short: 2 });
    expect({ ...PositionMode }).toEqual({ oneWay: 1, hedge: 2 });
  });

  it('trade index: default=0, strategy=1, subscriber=2', () => {
    expect({ ...TradeIndex }).toEqual({ default: 0, strategy: 1, subscriber: 2 });
  });

  it('asset tab names, themes and default symbols', () => {
    expect([...ASSET_TABS]).toEqual(['overview', 'spot', 'contract', 'p2p', 'financial', 'swap', 'reward', 'margin']);
    expect([...THEMES]).toEqual(['light', 'dark']);
    expect([...DEFAULT_SYMBOLS]).toEqual(['USDTBRL_SPBL', 'BGBUSDT_SPBL', 'BTCUSDT_SPBL']);
  });

  it('app request envelope (requestId, path, params → code, data) and error object types', () => {
    const request: AppRequest<{ a: number }> = { requestId: 'r1', path: 'getUserInfo', params: { a: 1 } };
    const response: AppResponse<string> = { code: '00000', data: 'ok' };
    const error: ErrorObject = { name: 'X', code: '1', msg: 'm', appData: response, extra: request };
    expect(Object.keys(request)).toEqual(['requestId', 'path', 'params']);
    expect(Object.keys(response)).toEqual(['code', 'data']);
    expect(Object.keys(error)).toEqual(['name', 'code', 'msg', 'appData', 'extra']);
  });
});
