import { InvalidArgumentError } from '../errors/exkit-error.js';

/** Raised for a CSS class name that contains white space (seed 000 §5, seed 001 §8). */
export class InvalidClassNameError extends InvalidArgumentError {
  override name = 'InvalidClassNameError';
}
