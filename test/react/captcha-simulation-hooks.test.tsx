import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createActor } from 'xstate';
import { describe, expect, it } from 'vitest';
import { CAPTCHA_CHECK_PATH, CAPTCHA_GET_ID_PATH } from '../../core/captcha/api.js';
import { createTestCaptchaWidget } from '../../core/captcha/test-widget.js';
import { memoryPlatform } from '../../core/platform/memory-platform.js';
import { createSimulationMode } from '../../core/simulation/simulation-mode.js';
import { createCaptchaService } from '../../machines/captcha.service.js';
import { simulationMachine } from '../../machines/simulation.machine.js';
import { ExkitProvider } from '../../react/provider.js';
import type { ExkitServices } from '../../react/provider.js';
import { useCaptcha } from '../../react/use-captcha.js';
import { useSimulationGuard, useSimulationMode } from '../../react/use-simulation-mode.js';
import { scriptedCaptchaHttp } from '../support/scripted-captcha-http.js';

const wrapper = (value: ExkitServices) =>
  function Wrapper({ children }: { children?: ReactNode }) {
    return <ExkitProvider value={value}>{children}</ExkitProvider>;
  };

describe('useCaptcha', () => {
  it('shows idle, then the running flow state, then the result of verify', async () => {
    const platform = memoryPlatform();
    const widget = createTestCaptchaWidget('manual');
    const { http } = scriptedCaptchaHttp({
      [CAPTCHA_GET_ID_PATH]: () => ({ code: '00000', data: { captchaId: 'c', status: 0 } }),
      [CAPTCHA_CHECK_PATH]: () => ({ code: '00000', data: { ok: 1 } }),
    });
    const captcha = createCaptchaService({ http, widget });
    const { result } = renderHook(() => useCaptcha('login'), { wrapper: wrapper({ platform, captcha }) });
    expect(result.current.state).toBe('idle');
    let verified: Promise<unknown> = Promise.resolve();
    act(() => {
      verified = result.current.verify();
    });
    await waitFor(() => expect(result.current.state).toBe('challenging'));
    act(() => widget.widgets[0]!.succeed());
    await expect(verified).resolves.toMatchObject({ status: 'passed', data: { ok: 1 } });
    await waitFor(() => expect(result.current.state).toBe('idle'));
  });
});

describe('useSimulationMode', () => {
  it('turns the mode on and off through the shared actor, and the guard redirects disallowed pages', () => {
    const platform = memoryPlatform({ href: 'https://ex.test/en/markets' });
    const simulation = createActor(simulationMachine, { input: { simulation: createSimulationMode(platform) } }).start();
    const { result, rerender } = renderHook(
      ({ path }) => {
        useSimulationGuard(path);
        return useSimulationMode();
      },
      { wrapper: wrapper({ platform, simulation }), initialProps: { path: '/en/markets' } },
    );
    expect(result.current.on).toBe(false);
    act(() => result.current.turnOn());
    expect(result.current.on).toBe(true);
    expect(platform.navigations).toEqual(['https://ex.test/en/spot/BTCUSDT']);
    rerender({ path: '/en/earn' });
    expect(platform.navigations.at(-1)).toBe('https://ex.test/en/spot/BTCUSDT');
    expect(platform.navigations).toHaveLength(2);
    act(() => result.current.turnOff());
    expect(result.current.on).toBe(false);
    expect(platform.reloads).toBe(1);
  });
});
