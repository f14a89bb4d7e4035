import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { memoryPlatform } from '../../core/platform/index.js';
import type { MemoryPlatform } from '../../core/platform/index.js';
import { createUiKit } from '../../machines/index.js';
import type { PopupCloseReason, UiKit } from '../../machines/index.js';
import { ExkitProvider, useDialog } from '../../react/index.js';
import type { UseDialogOptions } from '../../react/index.js';
import { invalid } from '../support/invalid-argument.js';

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

function setup(options: { media?: string[]; dom?: boolean } = {}) {
  const platform = memoryPlatform({ ...(options.dom === false ? {} : { dom: { window, document } }), media: options.media ?? [] });
  const ui = createUiKit(platform, { isolatedToaster: true });
  return { platform, ui };
}

function Provide({ platform, ui, children }: { platform: MemoryPlatform; ui: UiKit; children: ReactNode }) {
  return <ExkitProvider value={{ platform, ui }}>{children}</ExkitProvider>;
}

/** Renders `node` under a provider of `platform` and `ui`; `update` re-renders under a provider given anew. */
function mount(platform: MemoryPlatform, ui: UiKit, node: ReactNode) {
  const view = render(
    <Provide platform={platform} ui={ui}>
      {node}
    </Provide>,
  );
  return {
    ...view,
    update: (nextPlatform: MemoryPlatform, nextUi: UiKit, next: ReactNode) =>
      view.rerender(
        <Provide platform={nextPlatform} ui={nextUi}>
          {next}
        </Provide>,
      ),
  };
}

const innerWidth = window.innerWidth;
afterEach(() => {
  cleanup();
  document.body.removeAttribute('style');
  window.innerWidth = innerWidth;
});

type Changes = Array<[boolean, PopupCloseReason | undefined]>;

/** A dialog with every part; `role` overrides the content's role (to test the role check). */
function Dialog({ role, ...options }: UseDialogOptions & { role?: string }) {
  const dialog = useDialog(options);
  return (
    <>
      <button {...dialog.getTriggerProps()}>open</button>
      <span data-testid="state">{dialog.state}</span>
      {dialog.open ? (
        <>
          <div {...dialog.getBackdropProps()} data-testid="backdrop" />
          <div {...dialog.getContentProps()} {...(role ? { role: role as 'dialog' } : {})} data-testid="content">
            <h2 {...dialog.getTitleProps()}>Title</h2>
            <div {...dialog.getBodyProps()}>
              <input aria-label="amount" />
            </div>
            <footer {...dialog.getFooterProps()}>
              <button {...dialog.getCloseTriggerProps()}>cancel</button>
            </footer>
          </div>
        </>
      ) : null}
    </>
  );
}

const stateText = () => screen.getByTestId('state').textContent;

describe('useDialog — ids, parts and layout', () => {
  it('every part has an id derived from one per-dialog owner "exkit-dialog…"; two dialogs never share one', () => {
    const { platform, ui } = setup();
    function Two() {
      const a = useDialog();
      const b = useDialog();
      return (
        <>
          <div {...a.getContentProps()} data-testid="a" />
          <div {...b.getContentProps()} data-testid="b" />
        </>
      );
    }
    mount(platform, ui, <Two />);
    const [a, b] = [screen.getByTestId('a').id, screen.getByTestId('b').id];
    expect(a).toMatch(/^exkit-dialog[^\s:]+-content$/);
    expect(b).toMatch(/^exkit-dialog[^\s:]+-content$/);
    expect(a).not.toBe(b);
  });

  it('the backdrop is aria-hidden, tagged for the stylesheet, shares the content’s z-index and is tied to its owner id', () => {
    const { platform, ui } = setup();
    mount(platform, ui, <Dialog />);
    fireEvent.click(screen.getByRole('button', { name: 'open' }));
    const backdrop = screen.getByTestId('backdrop');
    const content = screen.getByTestId('content');
    const owner = content.id.replace(/-content$/, '');
    expect(backdrop.id).toBe(`${owner}-backdrop`);
    expect(backdrop.getAttribute('aria-hidden')).toBe('true');
    expect(backdrop.hasAttribute('data-exkit-dialog-backdrop')).toBe(true);
    expect(backdrop.getAttribute('data-state')).toBe('open');
    expect(backdrop.hidden).toBe(false);
    expect(backdrop.style.zIndex).toBe(content.style.zIndex);
    expect(Number(content.style.zIndex)).toBeGreaterThan(0);
  });

  it('size and top set the panel’s width and top offset (spec §S2 widths)', () => {
    const { platform, ui } = setup();
    mount(platform, ui, <Dialog size="large" top="10vh" defaultOpen />);
    const content = screen.getByTestId('content');
    expect(content.style.width).toBe('640px');
    expect(content.style.marginTop).toBe('10vh');
  });

  it('on a narrow window (below 768 px) the panel takes the mobile height limits; on a wide one it does not', () => {
    const { platform, ui } = setup();
    window.innerWidth = 375;
    const view = mount(platform, ui, <Dialog defaultOpen />);
    let content = screen.getByTestId('content');
    expect([content.style.maxHeight, content.style.minHeight]).toEqual(['80vh', '30vh']);
    view.unmount();
    window.innerWidth = 1280;
    mount(platform, ui, <Dialog defaultOpen />);
    content = screen.getByTestId('content');
    expect([content.style.maxHeight, content.style.minHeight, content.style.width]).toEqual(['', '', '480px']);
  });

  it('without a DOM in the host (a renderer of its own) the dialog still renders, with the wide layout and no role check', () => {
    const { platform, ui } = setup({ dom: false });
    window.innerWidth = 375;
    mount(platform, ui, <Dialog defaultOpen role="region" />);
    const content = screen.getByTestId('content');
    expect(content.getAttribute('role')).toBe('region');
    expect([content.style.width, content.style.maxHeight]).toEqual(['480px', '']);
  });
});

describe('useDialog — the role check follows the host', () => {
  it('a host that gains a DOM checks the content node from then on (DialogRoleMissingError)', () => {
    const bare = setup({ dom: false });
    const withDom = setup();
    const original = console.error;
    console.error = () => undefined;
    try {
      const view = mount(bare.platform, bare.ui, <Dialog defaultOpen role="region" />);
      expect(screen.getByTestId('content').getAttribute('role')).toBe('region');
      expect(() => view.update(bare.platform, withDom.ui, <Dialog defaultOpen role="region" />)).toThrow(
        expect.objectContaining({ name: 'DialogRoleMissingError', code: 'DIALOG_ROLE_MISSING' }),
      );
    } finally {
      console.error = original;
    }
  });
});

describe('useDialog — delays', () => {
  it('openDelay keeps it "opening" for that long; closeDelay keeps it "closing" (still on screen) for that long', () => {
    const { platform, ui } = setup();
    mount(platform, ui, <Dialog openDelay={500} closeDelay={300} />);
    fireEvent.click(screen.getByRole('button', { name: 'open' }));
    expect(stateText()).toBe('opening');
    act(() => platform.advance(499));
    expect(stateText()).toBe('opening');
    act(() => platform.advance(1));
    expect(stateText()).toBe('open');
    fireEvent.click(screen.getByRole('button', { name: 'cancel' }));
    expect(stateText()).toBe('closing');
    expect(screen.getByTestId('content').getAttribute('data-state')).toBe('closing');
    act(() => platform.advance(299));
    expect(stateText()).toBe('closing');
    act(() => platform.advance(1));
    expect(stateText()).toBe('closed');
    expect(screen.queryByTestId('content')).toBeNull();
  });

  it('under reduced motion the close delay is 0: it closes at once', () => {
    const { platform, ui } = setup({ media: [REDUCED_MOTION] });
    mount(platform, ui, <Dialog closeDelay={300} defaultOpen />);
    fireEvent.click(screen.getByRole('button', { name: 'cancel' }));
    expect(stateText()).toBe('closed');
  });

  it('0 ms delays are accepted (no delay)', () => {
    const { platform, ui } = setup();
    mount(platform, ui, <Dialog openDelay={0} closeDelay={0} />);
    fireEvent.click(screen.getByRole('button', { name: 'open' }));
    expect(stateText()).toBe('open');
    fireEvent.click(screen.getByRole('button', { name: 'cancel' }));
    expect(stateText()).toBe('closed');
  });

  it('a bad delay is an InvalidArgumentError whose message names useDialog and the field', () => {
    const { platform, ui } = setup();
    const original = console.error;
    console.error = () => undefined;
    try {
      expect(() => mount(platform, ui, <Dialog openDelay={2 ** 31} />)).toThrow(
        invalid('openDelay', 'useDialog: openDelay must be a finite number of ms from 0 up to 2147483647'),
      );
      expect(() => mount(platform, ui, <Dialog closeDelay={-5} />)).toThrow(
        invalid('closeDelay', 'useDialog: closeDelay must be a finite number of ms from 0 up to 2147483647'),
      );
    } finally {
      console.error = original;
    }
  });
});

describe('useDialog — options changed while it lives', () => {
  it('modal turned off before opening: no aria-modal and no scroll lock', () => {
    const { platform, ui } = setup();
    const view = mount(platform, ui, <Dialog modal />);
    view.update(platform, ui, <Dialog modal={false} />);
    fireEvent.click(screen.getByRole('button', { name: 'open' }));
    expect(screen.getByTestId('content').hasAttribute('aria-modal')).toBe(false);
    expect(document.body.style.overflow).toBe('');
  });

  it('modal by default: aria-modal and the page scroll locked', () => {
    const { platform, ui } = setup();
    mount(platform, ui, <Dialog />);
    fireEvent.click(screen.getByRole('button', { name: 'open' }));
    expect(screen.getByTestId('content').getAttribute('aria-modal')).toBe('true');
    expect(document.body.style.overflow).toBe('hidden');
  });

  it('closeOnEscape turned off and then left out again: Escape closes (the default)', () => {
    const { platform, ui } = setup();
    const view = mount(platform, ui, <Dialog closeOnEscape={false} defaultOpen />);
    fireEvent.keyDown(document.body, { key: 'Escape' });
    expect(stateText()).toBe('open');
    view.update(platform, ui, <Dialog defaultOpen />);
    fireEvent.keyDown(document.body, { key: 'Escape' });
    expect(stateText()).toBe('closed');
  });

  it('closeOnBackdrop turned off and then left out again: a backdrop press closes (the default)', () => {
    const { platform, ui } = setup();
    const view = mount(platform, ui, <Dialog closeOnBackdrop={false} defaultOpen />);
    fireEvent.pointerDown(screen.getByTestId('backdrop'));
    expect(stateText()).toBe('open');
    view.update(platform, ui, <Dialog defaultOpen />);
    fireEvent.pointerDown(screen.getByTestId('backdrop'));
    expect(stateText()).toBe('closed');
  });

  it('the newest onOpenChange and initialFocus given on re-render are the ones used', async () => {
    const { platform, ui } = setup();
    const first: Changes = [];
    const second: Changes = [];
    function Focusing({ onOpenChange, target }: { onOpenChange: UseDialogOptions['onOpenChange']; target: string }) {
      const dialog = useDialog({ onOpenChange, initialFocus: () => document.getElementById(target) });
      return (
        <>
          <button {...dialog.getTriggerProps()}>open</button>
          {dialog.open ? (
            <div {...dialog.getContentProps()}>
              <button id="one">one</button>
              <button id="two">two</button>
            </div>
          ) : null}
        </>
      );
    }
    const view = mount(platform, ui, <Focusing onOpenChange={(open, reason) => void first.push([open, reason])} target="one" />);
    view.update(platform, ui, <Focusing onOpenChange={(open, reason) => void second.push([open, reason])} target="two" />);
    fireEvent.click(screen.getByRole('button', { name: 'open' }));
    await act(async () => {});
    expect(document.activeElement?.id).toBe('two');
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    expect(first).toEqual([]);
    expect(second).toEqual([
      [true, undefined],
      [false, 'escape'],
    ]);
  });

  it('without initialFocus, focus moves to the first tabbable inside and nothing is reported', async () => {
    const { platform, ui } = setup();
    mount(platform, ui, <Dialog />);
    fireEvent.click(screen.getByRole('button', { name: 'open' }));
    await act(async () => {});
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'amount' }));
    expect(platform.reports).toEqual([]);
  });

  it('without onOpenChange, opening and closing report nothing', () => {
    const { platform, ui } = setup();
    mount(platform, ui, <Dialog />);
    fireEvent.click(screen.getByRole('button', { name: 'open' }));
    fireEvent.click(screen.getByRole('button', { name: 'cancel' }));
    expect(stateText()).toBe('closed');
    expect(platform.reports).toEqual([]);
  });
});

describe('useDialog — controlled', () => {
  /** A parent that owns `open` and follows onOpenChange, with buttons to set it from outside. */
  function Controlled(props: UseDialogOptions & { changes: Changes; initial?: boolean }) {
    const { changes, initial = false, ...options } = props;
    const [open, setOpen] = useState(initial);
    return (
      <>
        <button onClick={() => setOpen(true)}>show</button>
        <button onClick={() => setOpen(false)}>hide</button>
        <Dialog
          {...options}
          open={open}
          onOpenChange={(next, reason) => {
            changes.push([next, reason]);
            setOpen(next);
          }}
        />
      </>
    );
  }

  it('open turned false by the parent closes it (reason "close")', () => {
    const { platform, ui } = setup();
    const changes: Changes = [];
    mount(platform, ui, <Controlled changes={changes} initial />);
    expect(stateText()).toBe('open');
    fireEvent.click(screen.getByRole('button', { name: 'hide' }));
    expect(stateText()).toBe('closed');
    expect(changes).toEqual([
      [true, undefined],
      [false, 'close'],
    ]);
  });

  it('opened by its own trigger, it stays open when the parent follows with open = true', () => {
    const { platform, ui } = setup();
    const changes: Changes = [];
    mount(platform, ui, <Controlled changes={changes} />);
    fireEvent.click(screen.getByRole('button', { name: 'open' }));
    expect(stateText()).toBe('open');
    expect(changes).toEqual([[true, undefined]]);
  });

  it('open turned false during the open delay cancels the opening', () => {
    const { platform, ui } = setup();
    const changes: Changes = [];
    mount(platform, ui, <Controlled changes={changes} openDelay={500} />);
    fireEvent.click(screen.getByRole('button', { name: 'show' }));
    expect(stateText()).toBe('opening');
    fireEvent.click(screen.getByRole('button', { name: 'hide' }));
    expect(stateText()).toBe('closed');
    act(() => platform.advance(1000));
    expect(stateText()).toBe('closed');
    expect(changes).toEqual([]);
  });

  it('open turned true during the close delay brings it back open', () => {
    const { platform, ui } = setup();
    const changes: Changes = [];
    mount(platform, ui, <Controlled changes={changes} closeDelay={300} initial />);
    fireEvent.click(screen.getByRole('button', { name: 'hide' }));
    expect(stateText()).toBe('closing');
    fireEvent.click(screen.getByRole('button', { name: 'show' }));
    expect(stateText()).toBe('open');
    act(() => platform.advance(1000));
    expect(stateText()).toBe('open');
    expect(changes).toEqual([[true, undefined]]);
  });

  it('an uncontrolled defaultOpen dialog opens on mount and tells onOpenChange', () => {
    const { platform, ui } = setup();
    const changes: Changes = [];
    mount(platform, ui, <Dialog defaultOpen onOpenChange={(open, reason) => void changes.push([open, reason])} />);
    expect(stateText()).toBe('open');
    expect(changes).toEqual([[true, undefined]]);
  });

  it('defaultOpen is ignored when open is given', () => {
    const { platform, ui } = setup();
    const changes: Changes = [];
    mount(platform, ui, <Controlled changes={changes} defaultOpen />);
    expect(stateText()).toBe('closed');
    expect(changes).toEqual([]);
  });
});

describe('useDialog — a new platform in the provider', () => {
  it('a throwing onOpenChange is reported through the current platform, once per change', () => {
    const first = setup();
    const next = memoryPlatform({ dom: { window, document } });
    const boom = () => {
      throw new Error('handler bug');
    };
    const view = mount(first.platform, first.ui, <Dialog onOpenChange={boom} />);
    view.update(next, first.ui, <Dialog onOpenChange={boom} />);
    fireEvent.click(screen.getByRole('button', { name: 'open' }));
    expect(first.platform.reports).toEqual([]);
    expect(next.reports.map((r) => [r.event, (r.error as Error).name])).toEqual([['callbackFailed', 'UserCallbackError']]);
  });

  it('a default-open dialog the user closed stays closed (defaultOpen applies on mount only)', () => {
    const first = setup();
    const next = memoryPlatform({ dom: { window, document } });
    const view = mount(first.platform, first.ui, <Dialog defaultOpen />);
    fireEvent.click(screen.getByRole('button', { name: 'cancel' }));
    expect(stateText()).toBe('closed');
    view.update(next, first.ui, <Dialog defaultOpen />);
    expect(stateText()).toBe('closed');
  });
});
