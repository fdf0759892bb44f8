import { REQUEST_ID_HEADER } from '@atrium/contract/routes/core';
import { errorFromResponse } from './error-mapping.js';
import { type SDKError, systemError } from './errors.js';

/**
 * Runs a request and applies the success rule (docs/wire.md §1.6): 200 with a JSON body is success,
 * everything else is an SDKError carrying the request id of the response. `onError` may restate a
 * non-200's error (GraphQL names the status in its message). Part of ../on-demand.ts, with the
 * error mapping.
 */
export async function readJsonResult(
  sendRequest: () => Promise<Response>,
  onError: (error: SDKError, response: Response) => SDKError = (error) => error,
): Promise<unknown> {
  let response: Response;
  try {
    response = await sendRequest();
  } catch (cause) {
    throw systemError(undefined, cause);
  }
  const requestId = response.headers.get(REQUEST_ID_HEADER) ?? undefined;
  const text = await response.text().catch(() => '');
  const parsed = parseJson(text);
  if (response.status !== 200) {
    throw onError(errorFromResponse(response, parsed.ok ? parsed.value : null, requestId), response);
  }
  if (!parsed.ok) {
    throw systemError(requestId, parsed.error, {
      data: text,
      status: response.status,
      statusText: response.statusText,
    });
  }
  return parsed.value;
}

type ParsedJson = { ok: true; value: unknown } | { ok: false; error: unknown };

function parseJson(text: string): ParsedJson {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (error) {
    return { ok: false, error };
  }
}
