// Runs once before any test file: makes sure the browser engines are there (installing what is missing with
// one apt call, as root), so that parallel browser test files never race to install them. Chromium is always
// needed (some browser tests run in it alone); Firefox and WebKit as EXKIT_ENGINES selects.
import { chromiumPath } from '../../scripts/chromium.js';
import { ensureEngines, selectedEngines } from '../../scripts/engines.js';

export default function setup(): void {
  ensureEngines([...new Set(['chromium' as const, ...selectedEngines()])]);
  chromiumPath();
}
