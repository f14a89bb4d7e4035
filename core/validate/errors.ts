import { InvalidArgumentError } from '../errors/exkit-error.js';

/** Raised for a CSS class name that contains white space (spec §B5, §S8). */
export class InvalidClassNameError extends InvalidArgumentError {
  override name = 'InvalidClassNameError';
}
