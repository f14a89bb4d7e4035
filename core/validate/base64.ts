// Spec §B5: the standard base64 pattern (RFC 4648 alphabet, '=' padding to a multiple of 4), read
// canonically (RFC 4648 §3.5): the bits a padded group leaves unused must be zero, so that every accepted
// string is exactly what an encoder produces for its bytes ('AB==' and 'A+/=' decode, but nothing encodes to them).
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/][AQgw]==|[A-Za-z0-9+/]{2}[AEIMQUYcgkosw048]=)?$/;

/** Whether `text` is canonical, standard padded base64 (the empty string counts: it encodes zero bytes). */
export function isBase64(text: string): boolean {
  return typeof text === 'string' && BASE64.test(text);
}
