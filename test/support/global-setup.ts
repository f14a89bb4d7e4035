// Runs once before any test file: makes sure Chromium is there (installing it as root), so that parallel
// browser test files never race to install it.
import { chromiumPath } from '../../scripts/chromium.js';

export default function setup(): void {
  chromiumPath();
}
