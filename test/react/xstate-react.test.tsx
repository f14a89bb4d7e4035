// exkit's actors in an app's own @xstate/react hooks (docs/getting-started-react.md, "Your own hooks with
// @xstate/react"), and ExkitProvider starting a risk token made with autoStart: false after mount.
import { act, cleanup, render, screen } from '@testing-library/react';
import { shallowEqual, useSelector } from '@xstate/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createPreferences, memoryPlatform } from '../../core/index.js';
import { createRiskTokenService, createUiKit, riskTokenState, toastPlacements } from '../../machines/index.js';
import { ExkitProvider, useExkitService, useToasterActor } from '../../react/index.js';

afterEach(cleanup);

function ToastCount() {
  const toaster = useToasterActor();
  const count = useSelector(toaster, (s) => toastPlacements(s.context).length);
  return <span data-testid="count">{count}</span>;
}

function TokenBadge() {
  const { actor } = useExkitService('riskToken');
  const { status, pending } = useSelector(actor, riskTokenState, shallowEqual);
  return <span data-testid="token">{pending ? 'refreshing' : status}</span>;
}

describe("an app's own @xstate/react hooks over exkit's actors", () => {
  it('useSelector follows the toaster and the risk token; the provider starts the token after mount, once', async () => {
    const platform = memoryPlatform();
    const ui = createUiKit(platform, { isolatedToaster: true });
    let calls = 0;
    const riskToken = createRiskTokenService(platform, { fetchToken: () => Promise.resolve(String(++calls).repeat(40)), autoStart: false });
    const view = render(
      <ExkitProvider value={{ platform, ui, riskToken, preferences: createPreferences(platform) }}>
        <ToastCount />
        <TokenBadge />
      </ExkitProvider>,
    );
    // Mounted: the provider's effect started the token's first refresh.
    expect(screen.getByTestId('token').textContent).toBe('refreshing');
    await act(() => platform.advanceAsync(0));
    expect(screen.getByTestId('token').textContent).toBe('success');
    expect(calls).toBe(1);
    expect(screen.getByTestId('count').textContent).toBe('0');
    act(() => void ui.toast.success('Saved'));
    expect(screen.getByTestId('count').textContent).toBe('1');
    // A re-render with the same services starts nothing more.
    view.rerender(
      <ExkitProvider value={{ platform, ui, riskToken }}>
        <ToastCount />
        <TokenBadge />
      </ExkitProvider>,
    );
    await act(() => platform.advanceAsync(0));
    expect(calls).toBe(1);
    ui.dispose();
    riskToken.dispose();
  });
});
