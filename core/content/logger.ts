/**
 * Where content-safety code sends its console messages. core/ may not touch the global console, so the
 * caller hands one in (`console` itself fits); the default drops messages.
 */
export interface ContentLogger {
  warn(message: string, detail?: unknown): void;
  error(message: string, detail?: unknown): void;
}

/** A logger that drops every message: the default when the caller gives none. */
export const silentContentLogger: ContentLogger = {
  warn: () => undefined,
  error: () => undefined,
};
