import { ExkitError } from '../errors/exkit-error.js';

/** Raised when a dialog is shown without a node whose role is dialog or alertdialog (spec §S8). */
export class DialogRoleMissingError extends ExkitError {
  override name = 'DialogRoleMissingError';
  constructor(found?: string) {
    super('DIALOG_ROLE_MISSING', 'A dialog needs a node with role="dialog" (or "alertdialog").', {
      extra: found === undefined ? undefined : { found },
    });
  }
}

/** Raised when a loading overlay is created without a target instance or a removal callback (spec §S8). */
export class LoadingTargetMissingError extends ExkitError {
  override name = 'LoadingTargetMissingError';
  constructor(missing: 'target' | 'callback') {
    super(
      missing === 'target' ? 'LOADING_TARGET_MISSING' : 'LOADING_CALLBACK_MISSING',
      missing === 'target' ? 'A loading overlay needs a target instance.' : 'A loading overlay needs a removal callback.',
      { extra: { missing } },
    );
  }
}
