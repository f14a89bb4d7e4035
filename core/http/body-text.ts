// The text an exkit request's body was built from, kept beside the request. Hooks that read a body (login
// encryption, core-call signing) and the redirect follower (which must be able to send a 307/308 body again)
// would otherwise copy the body stream and read the copy: in Chromium each copy-and-read of a body takes a
// millisecond or more, several times a call. A request nobody recorded is read the old way.

const texts = new WeakMap<Request, string>();

/**
 * Records `text` as the body of `request` and returns the request. Only for a request built with exactly that
 * string as its body (`new Request(url, { body: text })`): the body's bytes are then the text's UTF-8. Undefined
 * records nothing, and keeps a text recorded before.
 */
export function withBodyText(request: Request, text: string | undefined): Request {
  if (text !== undefined) texts.set(request, text);
  return request;
}

/** The text a request's body was built from, when it was recorded and the body has not been read since. */
export function knownBodyText(request: Request): string | undefined {
  return request.bodyUsed ? undefined : texts.get(request);
}

/** The request's body as text, leaving the request unread: the recorded text, or a read of a copy. */
export async function requestBodyText(request: Request): Promise<string> {
  return knownBodyText(request) ?? (await request.clone().text());
}

/** The request's body as bytes, leaving the request unread: the recorded text's UTF-8, or a read of a copy. */
export async function requestBodyBytes(request: Request): Promise<Uint8Array> {
  const text = knownBodyText(request);
  return text === undefined ? new Uint8Array(await request.clone().arrayBuffer()) : new TextEncoder().encode(text);
}
