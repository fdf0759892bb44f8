/**
 * JSON over HTTP for the platform's tests: a request as a client sends it and its answer, parsed.
 * The body of an answer is loose on purpose (`Body`): tests read it field by field and assert on it.
 */

// biome-ignore lint/suspicious/noExplicitAny: tests read answers field by field, as JSON.
export type Body = any;

export interface Answer<T = Body> {
  readonly status: number;
  /** The parsed JSON, undefined for an empty answer. */
  readonly body: T;
  readonly headers: Headers;
}

export interface JsonRequest {
  readonly method: string;
  /** Sent as JSON; a string is sent as it is (malformed JSON, for the bad-input tests). */
  readonly body?: unknown;
  /** The Authorization header, when given. */
  readonly authorization?: string | undefined;
  readonly headers?: Record<string, string>;
}

/** Sends `request` to `url`; the answer with its body parsed. */
export async function requestJson<T = Body>(url: string, request: JsonRequest): Promise<Answer<T>> {
  const { method, body, authorization } = request;
  const response = await fetch(url, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(authorization ? { authorization } : {}),
      ...request.headers,
    },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
  return answerOf<T>(response);
}

/** An answer with its body parsed (undefined when empty). */
export async function answerOf<T = Body>(response: Response): Promise<Answer<T>> {
  const text = await response.text();
  return {
    status: response.status,
    body: (text ? JSON.parse(text) : undefined) as T,
    headers: response.headers,
  };
}
