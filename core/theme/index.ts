export { changeTheme, revealOriginFromEvent } from './change-theme.js';
export type { ChangeThemeOptions, ThemeChangeMode } from './change-theme.js';
export { revealKeyframes, revealRadius, THEME_REVEAL_CSS, THEME_REVEAL_DURATION_MS, THEME_REVEAL_PSEUDO_ELEMENT } from './reveal.js';
export type { RevealPoint } from './reveal.js';
export { memoryThemePort, rootThemePort, DEFAULT_THEME_ATTRIBUTE } from './theme-port.js';
export type { RootThemeOptions, ThemePort } from './theme-port.js';
