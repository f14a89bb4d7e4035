import { act, cleanup, render, renderHook, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { Observable } from 'rxjs';
import { afterEach, describe, expect, it } from 'vitest';
import { CAPTCHA_CHECK_PATH, CAPTCHA_GET_ID_PATH } from '../../core/captcha/api.js';
import { createTestCaptchaWidget } from '../../core/captcha/test-widget.js';
import { memoryPlatform } from '../../core/platform/memory-platform.js';
import { createCaptchaService } from '../../machines/captcha.service.js';
import type { CaptchaService } from '../../machines/captcha.service.js';
import { ExkitProvider } from '../../react/provider.js';
import { useCaptcha } from '../../react/use-captcha.js';
import { scriptedCaptchaHttp } from '../support/scripted-captcha-http.js';

afterEach(cleanup);

/** A subscription that counts itself while open (once, however often it is ended). */
function counted(open: { count: number }, end: () => void) {
  open.count++;
  let ended = false;
  return () => {
    if (ended) return;
    ended = true;
    open.count--;
    end();
  };
}

/** A captcha service whose open subscriptions (to its flows, and to each flow) are counted. */
function setUp() {
  const platform = memoryPlatform();
  const widget = createTestCaptchaWidget('manual');
  const { http } = scriptedCaptchaHttp({
    [CAPTCHA_GET_ID_PATH]: () => ({ code: '00000', data: { captchaId: 'c', status: 0 } }),
    [CAPTCHA_CHECK_PATH]: () => ({ code: '00000', data: { ok: 1 } }),
  });
  const real = createCaptchaService({ http, widget });
  const flows = { count: 0 };
  const flow = { count: 0 };
  const captcha: CaptchaService = {
    ...real,
    flows$: new Observable((subscriber) => {
      const subscription = real.flows$.subscribe(subscriber);
      return counted(flows, () => subscription.unsubscribe());
    }),
    flowOf: (scene) => {
      const actor = real.flowOf(scene);
      if (!actor) return undefined;
      return new Proxy(actor, {
        get(target, key) {
          if (key === 'subscribe') {
            return (observer: Parameters<typeof target.subscribe>[0]) => {
              const subscription = target.subscribe(observer);
              return { unsubscribe: counted(flow, () => subscription.unsubscribe()) };
            };
          }
          const value: unknown = Reflect.get(target, key, target);
          return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
        },
      });
    },
  };
  const wrapper = ({ children }: { children?: ReactNode }) => <ExkitProvider value={{ platform, captcha }}>{children}</ExkitProvider>;
  return { captcha, widget, flows, flow, wrapper };
}

function State({ scene }: { scene: string }) {
  return <span>{useCaptcha(scene).state}</span>;
}

describe('useCaptcha', () => {
  it('a server render shows idle, even while a flow runs', async () => {
    const { captcha, wrapper: Wrapper } = setUp();
    void captcha.verify('login');
    await waitFor(() => expect(captcha.flowOf('login')?.getSnapshot().value).toBe('challenging'));
    expect(
      renderToString(
        <Wrapper>
          <State scene="login" />
        </Wrapper>,
      ),
    ).toBe('<span>idle</span>');
    render(
      <Wrapper>
        <State scene="login" />
      </Wrapper>,
    );
    expect(screen.getByText('challenging')).toBeTruthy();
  });

  it('unmounting with no flow running ends the subscription to the flows', () => {
    const { flows, flow, wrapper } = setUp();
    const view = renderHook(() => useCaptcha('login'), { wrapper });
    expect(flows.count).toBe(1);
    view.unmount();
    expect([flows.count, flow.count]).toEqual([0, 0]);
  });

  it('unmounting while a flow runs ends the subscriptions to the flows and to the flow', async () => {
    const { flows, flow, wrapper } = setUp();
    const view = renderHook(() => useCaptcha('login'), { wrapper });
    act(() => void view.result.current.verify());
    await waitFor(() => expect(view.result.current.state).toBe('challenging'));
    expect([flows.count, flow.count]).toEqual([1, 1]);
    view.unmount();
    expect([flows.count, flow.count]).toEqual([0, 0]);
  });

  it('a flow that ends is let go: its subscription ends, and the next flow is followed', async () => {
    const { widget, flows, flow, wrapper } = setUp();
    const view = renderHook(() => useCaptcha('login'), { wrapper });
    let verified: Promise<unknown> = Promise.resolve();
    act(() => {
      verified = view.result.current.verify();
    });
    await waitFor(() => expect(view.result.current.state).toBe('challenging'));
    act(() => widget.widgets[0]!.succeed());
    await expect(verified).resolves.toMatchObject({ status: 'passed' });
    await waitFor(() => expect(view.result.current.state).toBe('idle'));
    expect([flows.count, flow.count]).toEqual([1, 0]);
    act(() => void view.result.current.verify());
    await waitFor(() => expect(view.result.current.state).toBe('challenging'));
    expect([flows.count, flow.count]).toEqual([1, 1]);
  });

  it('follows a new scene: its state, and verify() runs the new scene’s flow', async () => {
    const { captcha, wrapper } = setUp();
    const view = renderHook(({ scene }) => useCaptcha(scene), { wrapper, initialProps: { scene: 'login' } });
    act(() => void view.result.current.verify());
    await waitFor(() => expect(view.result.current.state).toBe('challenging'));
    view.rerender({ scene: 'withdraw' });
    expect(view.result.current.state).toBe('idle');
    act(() => void view.result.current.verify());
    expect(captcha.flowOf('withdraw')).toBeDefined();
    await waitFor(() => expect(view.result.current.state).toBe('challenging'));
  });
});
