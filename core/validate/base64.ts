// Seed 000 §5: the standard base64 pattern (RFC 4648 alphabet, '=' padding to a multiple of 4).
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

/** Whether `text` is standard padded base64 (the empty string counts: it encodes zero bytes). */
export function isBase64(text: string): boolean {
  return typeof text === 'string' && BASE64.test(text);
}
