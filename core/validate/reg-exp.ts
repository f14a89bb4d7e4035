/** `text` with every character a RegExp gives meaning to escaped, so it matches itself in a pattern (no `u` flag). */
export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\-]/g, '\\$&');
}
