// The browser side of the server-rendered page: the same app over the browser platform, hydrated into the
// server's HTML. Every error React reports (recoverable hydration errors included) and every console error or
// warning is recorded in window.__problems for the test to read.
import { hydrateRoot } from 'react-dom/client';
import { browserPlatform } from '../../../core/index.js';
import { App, makeServices } from './app.js';

declare global {
  interface Window {
    __problems: string[];
    __services: ReturnType<typeof makeServices>;
  }
}

const problems = (window.__problems ??= []);
for (const level of ['error', 'warn'] as const) {
  const original = console[level].bind(console);
  console[level] = (...args: unknown[]) => {
    problems.push(`console.${level}: ${args.map(String).join(' ')}`);
    original(...args);
  };
}

// The device service of this page: a success token (40 characters) after a short wait.
const fetchToken = () => new Promise<string>((resolve) => setTimeout(() => resolve('d'.repeat(40)), 20));
const services = makeServices(browserPlatform(), fetchToken);
window.__services = services;
// A toast fired before hydration: the client's toaster already holds it while the server rendered none.
services.ui!.toast.success('Welcome back');

const record = (kind: string) => (error: unknown) => problems.push(`${kind}: ${error instanceof Error ? error.message : String(error)}`);
hydrateRoot(document.getElementById('root')!, <App services={services} />, {
  onRecoverableError: record('recoverable'),
  onCaughtError: record('caught'),
  onUncaughtError: record('uncaught'),
});
