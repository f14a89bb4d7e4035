import { act, fireEvent, render, renderHook, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useButton } from '../../react/use-button.js';
import { ExkitProvider, MissingProviderError, useExkit } from '../../react/provider.js';
import { memoryPlatform } from '../../core/platform/memory-platform.js';

function Submit({ onSubmit, loading = false }: { onSubmit: () => void; loading?: boolean }) {
  const { buttonProps, state } = useButton(onSubmit, { loading });
  return (
    <button type="button" {...buttonProps}>
      {state}
    </button>
  );
}

describe('useButton — seed 000 §4: a click is ignored when the button is disabled or loading', () => {
  it('calls onClick for an idle click', () => {
    const onSubmit = vi.fn();
    render(<Submit onSubmit={onSubmit} />);
    fireEvent.click(screen.getByRole('button'));
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });

  it('ignores clicks while loading, and marks the button busy', () => {
    const onSubmit = vi.fn();
    const { result } = renderHook(() => useButton(onSubmit, { loading: true }));
    act(() => result.current.buttonProps.onClick());
    expect(onSubmit).not.toHaveBeenCalled();
    expect(result.current.buttonProps['aria-busy']).toBe(true);
    act(() => result.current.setLoading(false));
    act(() => result.current.buttonProps.onClick());
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });

  it('ignores clicks while disabled and renders disabled', () => {
    const onSubmit = vi.fn();
    const { result } = renderHook(() => useButton(onSubmit));
    act(() => result.current.setDisabled(true));
    expect(result.current.state).toBe('disabled');
    expect(result.current.buttonProps.disabled).toBe(true);
    act(() => result.current.buttonProps.onClick());
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('returns the actor driving it: an event sent through the actor changes the hook state', () => {
    const onSubmit = vi.fn();
    const { result } = renderHook(() => useButton(onSubmit));
    const { actor } = result.current;
    expect(actor.getSnapshot().value).toBe('idle');
    act(() => actor.send({ type: 'START_LOADING' }));
    expect(result.current.state).toBe('loading');
    expect(result.current.actor).toBe(actor);
    act(() => result.current.setDisabled(true));
    expect(actor.getSnapshot().value).toBe('disabled');
  });
});

describe('ExkitProvider', () => {
  it('hands its services to hooks', () => {
    const platform = memoryPlatform();
    const { result } = renderHook(() => useExkit(), { wrapper: ({ children }) => <ExkitProvider value={{ platform }}>{children}</ExkitProvider> });
    expect(result.current.platform).toBe(platform);
  });

  it('a hook outside the provider fails with MissingProviderError', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => renderHook(() => useExkit())).toThrow(MissingProviderError);
  });
});
