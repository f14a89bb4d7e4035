export type { ContentLogger } from './logger.js';
export { consoleContentLogger, silentContentLogger } from './logger.js';
export { ALLOWED_DATA_IMAGE_TYPES, ALLOWED_LINK_SCHEMES, inspectHref, sanitizeHref } from './sanitize-href.js';
export type { HrefKind, HrefVerdict, SanitizeHrefOptions } from './sanitize-href.js';
export { isOwnDomain, linkAttributes, linkHost } from './link-attributes.js';
export type { LinkAttributeOptions, LinkAttributes } from './link-attributes.js';
export { openSafeLink } from './open-safe-link.js';
export type { OpenSafeLinkOptions } from './open-safe-link.js';
export { ALLOWED_STYLE_FUNCTIONS, ALLOWED_STYLE_PROPERTIES, sanitizeStyle } from './sanitize-style.js';
export { RICH_TEXT_ALLOWED_ATTRIBUTES, RICH_TEXT_ALLOWED_TAGS, sanitizeRichText } from './sanitize-rich-text.js';
export { AmountRefusedError, InvalidAppSchemeError, UnsafeDomWindowError } from './errors.js';
export type { AmountRefusalReason } from './errors.js';
export type { RichTextClassAllowList, RichTextOptions } from './sanitize-rich-text.js';
export { RICH_TEXT_LAYOUT_LIMITS } from './style-bounds.js';
export { RICH_TEXT_CONTAINER_CSS, RICH_TEXT_CONTAINER_STYLE, renderRichText } from './render-rich-text.js';
export type { RenderRichTextOptions } from './render-rich-text.js';
export {
  AMOUNT_MAX_INTEGER_DIGITS,
  amountDecimalSeparator,
  localizeAmount,
  readAmount,
  sanitizeAmount,
  sanitizeAmountInput,
} from './sanitize-amount.js';
export type { AmountOptions, AmountReading, SanitizedAmountInput } from './sanitize-amount.js';
export { amountFromCode, amountInputChange, createAmountField } from './amount-field.js';
export type { AmountField, AmountFieldOptions, AmountFieldState, AmountRefusal } from './amount-field.js';
