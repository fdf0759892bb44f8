import type { AuthorizationRequest } from '../../oauth/authorization-request.js';
import { scriptJson } from '../../pages/html.js';
import type { AuthorizationOutcome } from './authorize.js';

/** The authorization response's parameters (RFC 6749 §4.1.2 and §4.1.2.1). */
function responseParams(outcome: AuthorizationOutcome): Record<string, string> {
  return outcome.kind === 'code'
    ? { code: outcome.code, state: outcome.state }
    : { error: outcome.error, error_description: outcome.description, state: outcome.state };
}

/** The redirect URI with the response in its query or in its fragment, as the request's mode says. */
export function authorizationRedirectUrl(
  request: AuthorizationRequest,
  outcome: AuthorizationOutcome,
): string {
  const url = new URL(request.redirectUri!);
  const params = responseParams(outcome);
  if (request.responseMode === 'query') {
    for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
  } else {
    url.hash = new URLSearchParams(params).toString();
  }
  return url.href;
}

/** The data of a web message, in the shape the reference client reads (docs/wire.md §4.4). */
export function webMessageData(outcome: AuthorizationOutcome): {
  code?: string;
  state: string;
  error?: string;
  errorDescription?: string;
} {
  return outcome.kind === 'code'
    ? { code: outcome.code, state: outcome.state }
    : { error: outcome.error, errorDescription: outcome.description, state: outcome.state };
}

/**
 * Its page may run only its own script (by nonce) and may be framed only by the target origin;
 * nothing else loads.
 */
export const webMessagePageCsp = (nonce: string, targetOrigin: string): string =>
  `default-src 'none'; script-src 'nonce-${nonce}'; base-uri 'none'; form-action 'none'; frame-ancestors ${targetOrigin}`;

/**
 * The web_message response page: posts the data to the frame's parent (direct login's hidden
 * frame) and to the opener (a popup), each with the exact target origin, so a page of any other
 * origin never receives the code.
 */
export function renderWebMessagePage(
  targetOrigin: string,
  data: ReturnType<typeof webMessageData>,
  nonce: string,
): string {
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Signing in · Atrium</title></head>
<body>
<script nonce="${nonce}">
(function () {
  var data = ${scriptJson(data)};
  if (window.parent && window.parent !== window) window.parent.postMessage(data, ${scriptJson(targetOrigin)});
  if (window.opener) window.opener.postMessage(data, ${scriptJson(targetOrigin)});
})();
</script>
</body>
</html>
`;
}
