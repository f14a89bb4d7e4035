// Labels the example passes to exkit's components per language: the message boxes' buttons. English is the
// fallback for a language without its own entry.

export interface BoxButtonLabels {
  confirmText: string;
  cancelText: string;
}

const BOX_BUTTONS: Readonly<Record<string, BoxButtonLabels>> = {
  en: { confirmText: 'OK', cancelText: 'Cancel' },
  ar: { confirmText: 'حسنًا', cancelText: 'إلغاء' },
};

/** The message-box button labels for `language` (a language code such as 'ar'); English when it has none. */
export function boxButtons(language: string): BoxButtonLabels {
  return BOX_BUTTONS[language] ?? BOX_BUTTONS.en!;
}
