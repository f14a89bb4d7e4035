// Run by launcher.test.ts in a child process: starts an engine, opens a page, prints the engine's process ids
// and exits without closing anything, as a test process that crashes or is cut short would.
import { launchEngine } from '../../support/engines.js';
import type { EngineName } from '../../support/engines.js';

const engine = await launchEngine(process.argv[2] as EngineName);
const page = await engine.newPage();
await page.setContent('<!doctype html><p>left open</p>');
process.stdout.write(`${JSON.stringify(engine.pids)}\n`);
process.exit(0);
