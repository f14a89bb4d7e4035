/**
 * Where content-safety code sends its messages. The default is the console, as spec §S5 and §S8 ask ("a
 * console warning", "logs a console error"); pass `silentContentLogger` to drop them, or any `{ warn, error }`.
 */
export interface ContentLogger {
  warn(message: string, detail?: unknown): void;
  error(message: string, detail?: unknown): void;
}

// The console is read when a message is logged, never at import time (as security's default log does).
const write = (method: 'warn' | 'error') => (message: string, detail?: unknown) => {
  if (detail === undefined) console[method](message);
  else console[method](message, detail);
};

/** The default logger: blocked links go to console.warn, a new tab without a URL to console.error. */
export const consoleContentLogger: ContentLogger = {
  warn: write('warn'),
  error: write('error'),
};

/** A logger that drops every message, for callers that want no console output. */
export const silentContentLogger: ContentLogger = {
  warn: () => undefined,
  error: () => undefined,
};
