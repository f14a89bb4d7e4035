import { act, fireEvent, render, renderHook, screen, within } from '@testing-library/react';
import { StrictMode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { useButton } from '../../react/use-button.js';
import { ExkitProvider, useExkit } from '../../react/provider.js';
import { MissingProviderError } from '../../react/errors.js';
import { memoryPlatform } from '../../core/platform/memory-platform.js';

function Submit({ onSubmit, loading = false }: { onSubmit: () => void; loading?: boolean }) {
  const { getButtonProps, loading: busy, disabled } = useButton(onSubmit, { loading });
  return <button {...getButtonProps()}>{busy ? 'Sending' : disabled ? 'Unavailable' : 'Submit'}</button>;
}

describe('useButton — spec §B4: a click is ignored when the button is disabled or loading', () => {
  it('calls onClick for a click while neither loading nor disabled', () => {
    const onSubmit = vi.fn();
    render(<Submit onSubmit={onSubmit} />);
    fireEvent.click(screen.getByRole('button'));
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });

  it('a loading button stays focusable (no native disabled) but is aria-disabled and aria-busy, and ignores clicks', () => {
    const onSubmit = vi.fn();
    const view = render(<Submit onSubmit={onSubmit} loading />);
    const button = within(view.container).getByRole('button');
    fireEvent.click(button);
    expect(onSubmit).not.toHaveBeenCalled();
    expect(button.hasAttribute('disabled')).toBe(false);
    expect(button.getAttribute('aria-disabled')).toBe('true');
    expect(button.getAttribute('aria-busy')).toBe('true');
    expect(button.hasAttribute('data-loading')).toBe(true);
    expect(button.hasAttribute('data-disabled')).toBe(false);
  });

  it('ignores clicks while loading until loading stops', () => {
    const onSubmit = vi.fn();
    const { result } = renderHook(() => useButton(onSubmit, { loading: true }));
    act(() => result.current.getButtonProps().onClick());
    expect(onSubmit).not.toHaveBeenCalled();
    expect(result.current.getButtonProps()['aria-busy']).toBe(true);
    act(() => result.current.setLoading(false));
    expect(result.current.clickable).toBe(true);
    act(() => result.current.getButtonProps().onClick());
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });

  it('ignores clicks while disabled and renders natively disabled', () => {
    const onSubmit = vi.fn();
    const { result } = renderHook(() => useButton(onSubmit));
    act(() => result.current.setDisabled(true));
    expect(result.current.disabled).toBe(true);
    expect(result.current.getButtonProps()).toMatchObject({
      disabled: true,
      'aria-disabled': true,
      'aria-busy': false,
      'data-disabled': '',
      'data-loading': undefined,
    });
    act(() => result.current.getButtonProps().onClick());
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('enabling a button that is still loading keeps it loading: no double submit (issue 19)', () => {
    const onSubmit = vi.fn();
    const { result } = renderHook(() => useButton(onSubmit));
    act(() => result.current.setLoading(true));
    act(() => result.current.setDisabled(true));
    act(() => result.current.setDisabled(false));
    expect(result.current).toMatchObject({ loading: true, disabled: false, clickable: false });
    expect(result.current.getButtonProps()).toMatchObject({ disabled: false, 'aria-disabled': true, 'aria-busy': true });
    act(() => result.current.getButtonProps().onClick());
    expect(onSubmit).not.toHaveBeenCalled();
    // Stopping loading while disabled keeps it disabled, too.
    act(() => result.current.setDisabled(true));
    act(() => result.current.setLoading(false));
    expect(result.current).toMatchObject({ loading: false, disabled: true, clickable: false });
    act(() => result.current.getButtonProps().onClick());
    expect(onSubmit).not.toHaveBeenCalled();
    act(() => result.current.setDisabled(false));
    act(() => result.current.getButtonProps().onClick());
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });

  it('calls the newest onClick passed on re-render', () => {
    const first = vi.fn();
    const second = vi.fn();
    const { result, rerender } = renderHook(({ onClick }) => useButton(onClick), { initialProps: { onClick: first } });
    rerender({ onClick: second });
    act(() => result.current.getButtonProps().onClick());
    expect(first).not.toHaveBeenCalled();
    expect(second).toHaveBeenCalledTimes(1);
  });

  it('returns the actor driving it: an event sent through the actor changes the hook state', () => {
    const onSubmit = vi.fn();
    const { result } = renderHook(() => useButton(onSubmit));
    const { actor } = result.current;
    expect(actor.getSnapshot().value).toEqual({ activity: 'idle', availability: 'enabled' });
    act(() => actor.send({ type: 'START_LOADING' }));
    expect(result.current.loading).toBe(true);
    expect(result.current.actor).toBe(actor);
    act(() => result.current.setDisabled(true));
    expect(actor.getSnapshot().value).toEqual({ activity: 'loading', availability: 'disabled' });
  });
});

describe('ExkitProvider', () => {
  it('hands its services to hooks', () => {
    const platform = memoryPlatform();
    const { result } = renderHook(() => useExkit(), {
      wrapper: ({ children }) => <ExkitProvider value={{ platform }}>{children}</ExkitProvider>,
    });
    expect(result.current.platform).toBe(platform);
  });

  it('a hook outside the provider fails with MissingProviderError', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => renderHook(() => useExkit())).toThrow(MissingProviderError);
  });
});

describe("useButton — the failure model: a caller's handler runs guarded, malformed input is refused", () => {
  it('an onClick that throws is logged as a UserCallbackError and the button keeps working', () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      let calls = 0;
      const { result } = renderHook(() =>
        useButton(() => {
          calls++;
          throw new Error('handler bug');
        }),
      );
      act(() => result.current.getButtonProps().onClick());
      act(() => result.current.getButtonProps().onClick());
      expect(calls).toBe(2);
      expect(result.current.actor.getSnapshot().status).toBe('active');
      expect(logged.mock.calls.some((call) => String(call[0]).includes('onClick threw'))).toBe(true);
    } finally {
      logged.mockRestore();
    }
  });

  it('a flag that is not a boolean throws InvalidArgumentError naming it in render', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => renderHook(() => useButton(() => undefined, { disabled: 'yes' as never }))).toThrow(
      expect.objectContaining({ name: 'InvalidArgumentError', extra: { field: 'input.disabled', value: 'yes' } }),
    );
  });
});

describe('useButton — one onClick per click, whatever React does with effects', () => {
  it('under StrictMode (effects mounted, cleaned up and mounted again) a click calls onClick exactly once', () => {
    const onSubmit = vi.fn();
    const view = render(
      <StrictMode>
        <Submit onSubmit={onSubmit} />
      </StrictMode>,
    );
    fireEvent.click(within(view.container).getByRole('button'));
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });
});
