// The shape of the example's interface texts: a tree of sections whose leaves are strings, or functions that
// build a string from values (counts, names). A translation fills the same tree: a string for every English
// string, a function of the same parameters for every English function. TypeScript refuses a missing key.

/** One text: a fixed string, or a function of the values it shows. */
export type Text = string | ((...values: never[]) => string);

/** A section of texts, nested as the component wants them. */
export interface TextTree {
  readonly [key: string]: Text | TextTree;
}

/** The texts of one language, shaped as the English ones `T`. */
export type Translation<T> = {
  readonly [K in keyof T]: T[K] extends string
    ? string
    : T[K] extends (...values: infer A) => string
      ? (...values: A) => string
      : Translation<T[K]>;
};

/** The example's interface languages; every section has all of them. English is the source text. */
export const UI_LANGUAGES = ['en', 'ar'] as const;
export type UiLanguage = (typeof UI_LANGUAGES)[number];

/** One section of the catalogue: the English texts and their Arabic translation, side by side. */
export type Section<T extends TextTree> = Readonly<Record<UiLanguage, Translation<T>>>;

/** Declares a section: `en` is the source, `ar` must fill every key of it. */
export function section<const T extends TextTree>(en: T, ar: Translation<T>): Section<T> {
  return { en: en as unknown as Translation<T>, ar };
}
