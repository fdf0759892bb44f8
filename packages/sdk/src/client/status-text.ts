import { statusCode } from '@atrium/contract/routes/core';

/**
 * Reason phrases for when `Response.statusText` is empty, as it is over HTTP/2 and for
 * `new Response(body, { status })`; error codes and messages are derived from them.
 */
const REASON_PHRASES: Record<number, string> = {
  201: 'Created',
  202: 'Accepted',
  204: 'No Content',
  301: 'Moved Permanently',
  302: 'Found',
  304: 'Not Modified',
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  406: 'Not Acceptable',
  408: 'Request Timeout',
  409: 'Conflict',
  410: 'Gone',
  412: 'Precondition Failed',
  413: 'Payload Too Large',
  414: 'URI Too Long',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Entity',
  428: 'Precondition Required',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  501: 'Not Implemented',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};

export const statusTextOf = (response: Pick<Response, 'status' | 'statusText'>): string =>
  response.statusText || REASON_PHRASES[response.status] || `HTTP ${response.status}`;

export { statusCode };
