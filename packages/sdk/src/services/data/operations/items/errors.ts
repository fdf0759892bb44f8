import type { WixDataError as WixDataErrorShape } from '../../types/items.js';

/**
 * The data module's errors (docs/wire.md §2.3, §9.6). Like the reference's, they are not SDKErrors:
 * the message is the platform's description (or the client-side rule that failed), `details` holds
 * the error body's details, `code` the WDE code (the pager's: `WD_VALIDATION_ERROR`, as the reference's).
 */
export class WixDataError extends Error implements WixDataErrorShape {
  override name = 'WixDataError';
  code?: string | number;
  details?: WixDataErrorShape['details'];
  violations?: unknown[];
  status?: number;
  requestId?: string;
  errorGroup?: string;

  constructor(message: string, fields: Partial<WixDataErrorShape> = {}) {
    super(message);
    Object.assign(this, fields);
  }
}

/**
 * An argument the client rejects before any request: `details.applicationError.code` is the
 * message's WDE code, or WDE0020 for messages that wrap others ("Failed to perform query …").
 */
export function clientError(message: string): WixDataError {
  const code = message.startsWith('WDE') ? message.slice(0, 7) : 'WDE0020';
  return new WixDataError(message, { code, details: { applicationError: { code, description: message } } });
}

/**
 * The pager's error (no next or previous page): the WDE code heads the message; `code` and
 * `errorGroup` are the reference's for a misused query.
 */
export function pagingError(code: string, message: string): WixDataError {
  return new WixDataError(`${code}: ${message}`, { code: 'WD_VALIDATION_ERROR', errorGroup: 'User' });
}

const asObject = (value: unknown): Record<string, Answer> | undefined =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, Answer>)
    : undefined;

// biome-ignore lint/suspicious/noExplicitAny: error bodies are read field by field
type Answer = any;

export const PAYLOAD_TOO_LARGE = 'WDE0109';
const HOOK_ERROR = 'WDE0078';

/**
 * A non-200 answer (docs/wire.md §2.3): 413 is `WDE0109: Payload is too large.`; an application error's
 * description is the message; else a validation error lists its violations under the message; an
 * answer without either gets the application error the reference synthesizes, coded with the HTTP
 * status.
 */
export function responseError(
  response: Pick<Response, 'status' | 'statusText'>,
  body: unknown,
  requestId: string | undefined,
): WixDataError {
  const { status } = response;
  const common = { status, requestId };
  if (status === 413) {
    // As the reference gives it: no details, whatever the body says.
    return new WixDataError(`${PAYLOAD_TOO_LARGE}: Payload is too large.`, {
      ...common,
      code: PAYLOAD_TOO_LARGE,
      errorGroup: 'User',
    });
  }
  const fields = asObject(body) ?? {};
  const details = asObject(fields.details);
  const message = typeof fields.message === 'string' ? fields.message : response.statusText;
  // An application error wins over a validation error the same answer carries (the reference reads
  // it first): its description is the message and the violations stay inside `details`.
  const application = asObject(details?.applicationError);
  if (application) {
    const jsError = asObject(asObject(application.data)?.jsErrorValue);
    if (application.code === HOOK_ERROR && jsError) {
      // An error thrown by a data hook keeps its own name, message and code.
      const error = new WixDataError(String(jsError.message ?? ''), { ...common, code: jsError.code });
      error.name = String(jsError.name ?? 'Error');
      return error;
    }
    const description = String(application.description ?? message);
    return new WixDataError(description, {
      ...common,
      code: application.code,
      details: details as WixDataErrorShape['details'],
    });
  }
  const violations = asObject(details?.validationError)?.fieldViolations;
  if (Array.isArray(violations)) {
    const lines = violations.map((v: Answer) => `\n${v?.field}: ${v?.description}`).join('');
    return new WixDataError(`${message}${lines}`, {
      ...common,
      code: 'INVALID_ARGUMENT',
      details: details as WixDataErrorShape['details'],
      violations,
    });
  }
  return new WixDataError(message, {
    ...common,
    code: status,
    details: { applicationError: { description: message, code: status, data: { requestId, details: body } } },
  });
}

/** `details.applicationError.code` of an error, for the codes some calls answer differently. */
export const errorCode = (error: unknown): unknown =>
  asObject(asObject(asObject(error)?.details)?.applicationError)?.code;
