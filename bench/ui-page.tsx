// The page of the Chromium toast bench: an isolated kit with 21 visible slots and the Toaster region.
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { browserPlatform } from '../core/platform/index.js';
import { createUiKit } from '../machines/index.js';
import { ExkitProvider, Toaster } from '../react/index.js';

const platform = browserPlatform();
const ui = createUiKit(platform, { isolatedToaster: true, toaster: { maxVisible: 21 } });
const nextFrame = () => new Promise((done) => requestAnimationFrame(() => done(undefined)));

/** Fills 20 toasts, then times the synchronous render and commit of one more, `samples` times. */
async function measure(samples: number): Promise<number[]> {
  for (let i = 0; i < 20; i++) ui.toast.info(`Order ${i} filled`, { duration: Infinity });
  await nextFrame();
  const times: number[] = [];
  for (let i = 0; i < samples; i++) {
    const start = performance.now();
    flushSync(() => void ui.toast.success('Order placed', { id: 'probe', duration: Infinity }));
    times.push(performance.now() - start);
    flushSync(() => ui.toast.dismiss('probe'));
    await nextFrame();
  }
  return times;
}

Object.assign(window, { exkitBench: { measure } });
createRoot(document.getElementById('root')!).render(
  <ExkitProvider value={{ platform, ui }}>
    <Toaster />
  </ExkitProvider>,
);
