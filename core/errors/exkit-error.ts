/** The seed's error object (spec §B3): what every exkit error serialises to. */
export interface ErrorObject {
  name: string;
  code: string;
  msg: string;
  appData?: unknown;
  extra?: unknown;
}

export interface ExkitErrorOptions {
  appData?: unknown;
  extra?: unknown;
  cause?: unknown;
}

/**
 * The mark every exkit error carries, from the runtime-wide symbol registry: an error made by a second copy of
 * the package (two versions in one bundle, another realm) carries the same symbol, where `instanceof` fails.
 */
const EXKIT_ERROR_BRAND: unique symbol = Symbol.for('exkit.error') as never;

/**
 * Base class of every error exkit throws. Subclasses set a stable `name` as a literal (it survives
 * minification, unlike `constructor.name`) and a stable `code`.
 */
export class ExkitError extends Error implements ErrorObject {
  override name = 'ExkitError';
  readonly code: string;
  readonly msg: string;
  readonly appData?: unknown;
  readonly extra?: unknown;

  constructor(code: string, msg: string, options: ExkitErrorOptions = {}) {
    super(msg, options.cause === undefined ? undefined : { cause: options.cause });
    this.code = code;
    this.msg = msg;
    // The fields exist (undefined) whether given or not, so they are assigned as given.
    this.appData = options.appData;
    this.extra = options.extra;
  }

  /** The plain error object of spec §B3. */
  toJSON(): ErrorObject {
    const out: ErrorObject = { name: this.name, code: this.code, msg: this.msg };
    if (this.appData !== undefined) out.appData = this.appData;
    if (this.extra !== undefined) out.extra = this.extra;
    return out;
  }
}

// On the prototype, not the instance: it stays out of JSON, spreads and own-key listings.
Object.defineProperty(ExkitError.prototype, EXKIT_ERROR_BRAND, { value: true });

/** Raised when a caller passes a value that fails validation; `extra.field` names the culprit when known. */
export class InvalidArgumentError extends ExkitError {
  override name = 'InvalidArgumentError';
  constructor(msg: string, extra?: { field?: string; value?: unknown }) {
    super('INVALID_ARGUMENT', msg, { extra });
  }
}

/**
 * True when `value` is an ExkitError (or a subclass) with the given name. It also recognises an error from
 * another copy of exkit (a second version in the bundle, an iframe), by the mark every exkit error carries.
 */
export function isExkitError<N extends string>(value: unknown, name?: N): value is ExkitError & { name: N } {
  try {
    // Object() of a primitive (null and undefined included) is a fresh object without the mark.
    const branded = value instanceof ExkitError || (Object(value) as Record<symbol, unknown>)[EXKIT_ERROR_BRAND] === true;
    return branded && (name === undefined || (value as { name: unknown }).name === name);
  } catch {
    // instanceof reads the prototype: a revoked Proxy or a throwing getPrototypeOf trap is not an ExkitError.
    return false;
  }
}
