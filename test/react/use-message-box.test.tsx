import { act, cleanup, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { memoryPlatform } from '../../core/platform/index.js';
import { createUiKit } from '../../machines/index.js';
import { ExkitProvider, useCurrentMessageBox, useMessageBox } from '../../react/index.js';

function setup() {
  const platform = memoryPlatform({ dom: { window, document } });
  const ui = createUiKit(platform, { isolatedToaster: true });
  const wrapper = ({ children }: { children: ReactNode }) => <ExkitProvider value={{ platform, ui }}>{children}</ExkitProvider>;
  return { platform, ui, wrapper };
}

afterEach(cleanup);

describe('useMessageBox and useCurrentMessageBox', () => {
  it("useMessageBox is the kit's message-box API", () => {
    const { ui, wrapper } = setup();
    const { result } = renderHook(() => useMessageBox(), { wrapper });
    expect(result.current).toBe(ui.messageBox);
  });

  it('the current box is the first one opened, the next one once it closes, and none when all are closed', () => {
    const { ui, platform, wrapper } = setup();
    const { result } = renderHook(() => useCurrentMessageBox(), { wrapper });
    expect(result.current).toBeUndefined();
    act(() => {
      void ui.messageBox.alert('First');
      void ui.messageBox.alert('Second');
    });
    const boxes = ui.messageBoxQueue.getSnapshot().context.boxes;
    expect(boxes).toHaveLength(2);
    expect(result.current).toBe(boxes[0]);
    const close = (box: (typeof boxes)[number] | undefined) => {
      act(() => box!.ref.send({ type: 'CONFIRM' }));
      // Its leaving transition ends before the next box takes the screen.
      act(() => platform.advance(1000));
    };
    close(result.current);
    expect(result.current?.id).toBe(boxes[1]!.id);
    close(result.current);
    expect(result.current).toBeUndefined();
  });

  it('a server render shows no box, even with one open', () => {
    const { ui, platform } = setup();
    void ui.messageBox.alert('Open');
    let seen: ReturnType<typeof useCurrentMessageBox> | 'not rendered' = 'not rendered';
    function Probe() {
      seen = useCurrentMessageBox();
      return null;
    }
    renderToString(
      <ExkitProvider value={{ platform, ui }}>
        <Probe />
      </ExkitProvider>,
    );
    expect(ui.messageBoxQueue.getSnapshot().context.boxes).toHaveLength(1);
    expect(seen).toBeUndefined();
  });
});
