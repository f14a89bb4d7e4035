import { usePreferences } from 'exkit/react';
import { textsFor } from './catalogue.js';
import type { Texts } from './catalogue.js';

/** The interface texts in the visitor's language, re-rendering when it changes. */
export function useText(): Texts {
  return textsFor(usePreferences().preferences.language);
}
