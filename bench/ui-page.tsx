// The page of the Chromium toast bench: an isolated kit with 21 visible slots and the Toaster region.
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { browserPlatform } from '../core/platform/index.js';
import { createUiKit } from '../machines/index.js';
import { ExkitProvider, Toaster } from '../react/index.js';

const platform = browserPlatform();
const ui = createUiKit(platform, { isolatedToaster: true, toaster: { maxVisible: 21 } });
const nextFrame = () => new Promise((done) => requestAnimationFrame(() => done(undefined)));

/** Milliseconds per sample of each measure. */
export interface CommitSamples {
  /** Render and commit of one new toast (`flushSync`), what React's profiler calls the commit. */
  commit: number[];
  /**
   * The same commit, then everything the browser and exkit do for it before the frame is painted: the
   * layout (forced here by reading a box) and the new toast's height reported to the toaster, which the
   * ResizeObserver otherwise does in the frame's layout pass.
   */
  toPaint: number[];
  /** The browser's floor for the same DOM change: one plain element appended to 20 and laid out. */
  bareInsert: number[];
}

/** A plain stack beside the toaster: 20 fixed elements shaped like toasts, for the bare baseline. */
function bareStack(): HTMLElement {
  const stack = document.createElement('section');
  for (let i = 0; i < 20; i++) stack.append(bareToast(`Order ${i} filled`, 100 + i * 40));
  document.body.append(stack);
  return stack;
}

function bareToast(text: string, top: number): HTMLElement {
  const div = document.createElement('div');
  div.setAttribute('role', 'status');
  div.style.cssText = `position:fixed;top:${top}px`;
  div.append(Object.assign(document.createElement('span'), { textContent: text }));
  return div;
}

/** Fills 20 toasts, then times one more, `samples` times, each way. */
async function measure(samples: number): Promise<CommitSamples> {
  for (let i = 0; i < 20; i++) ui.toast.info(`Order ${i} filled`, { duration: Infinity });
  const stack = bareStack();
  await nextFrame();
  const out: CommitSamples = { commit: [], toPaint: [], bareInsert: [] };
  const region = document.querySelector('[data-exkit-toaster]')!;
  const add = () => void ui.toast.success('Order placed', { id: 'probe', duration: Infinity });
  const remove = async () => {
    flushSync(() => ui.toast.dismiss('probe'));
    await nextFrame();
  };
  for (let i = 0; i < samples; i++) {
    let start = performance.now();
    flushSync(add);
    out.commit.push(performance.now() - start);
    await remove();

    start = performance.now();
    flushSync(add);
    const node = region.lastElementChild as HTMLElement;
    flushSync(() => ui.toaster.send({ type: 'MEASURED', id: 'probe', height: node.offsetHeight }));
    out.toPaint.push(performance.now() - start);
    await remove();

    start = performance.now();
    const bare = stack.appendChild(bareToast('Order placed', 900));
    void bare.offsetHeight;
    out.bareInsert.push(performance.now() - start);
    bare.remove();
    await nextFrame();
  }
  return out;
}

Object.assign(window, { exkitBench: { measure } });
createRoot(document.getElementById('root')!).render(
  <ExkitProvider value={{ platform, ui }}>
    <Toaster />
  </ExkitProvider>,
);
