import { expect } from 'vitest';
import { type ErrorView, isError, type StepRecord } from './data-peers';

/**
 * The fields the Atrium SDK's data errors carry beyond the reference's (deliberate, documented on
 * `WixDataError` of `@atrium/sdk/data`): a `code` (the application error's WDE code,
 * `INVALID_ARGUMENT` for a validation error, else the HTTP status), the HTTP `status` and the
 * `requestId` of the answer, and the class name `WixDataError` where the reference's is `Error`.
 */
const EXTRAS = ['code', 'status', 'requestId'] as const;

/** What the SDK's extra fields must hold, for an error answered with `response` (if any). */
function expectedExtras(error: ErrorView, response: StepRecord['response'], extras: readonly string[]) {
  const details = error.details as
    | { applicationError?: { code?: unknown }; validationError?: unknown }
    | undefined;
  const answered = response !== undefined && response.status !== 200;
  const expected: Record<string, unknown> = {
    code:
      details?.applicationError?.code ??
      (details?.validationError === undefined ? response?.status : 'INVALID_ARGUMENT'),
    ...(answered ? { status: response.status, requestId: response.requestId } : {}),
  };
  return Object.fromEntries(extras.filter((key) => key in expected).map((key) => [key, expected[key]]));
}

/**
 * The SDK's messages for reference arguments it rejects (WDE0019, WDE0021) name the argument and
 * what it got after the reference's message (deliberate, see @atrium/sdk's validate tests): the
 * reference's message, then `. <explanation>`, in the message and the description alike.
 */
function withoutExplanation(error: ErrorView, reference: ErrorView, label: string): ErrorView {
  const message = String(reference.message);
  const explained = String(error.message);
  expect(explained.startsWith(`${message}. `), `${label}: ${explained}`).toBe(true);
  expect(explained.length, `${label}: an explanation follows`).toBeGreaterThan(message.length + 2);
  const details = error.details as { applicationError: Record<string, unknown> };
  expect(details.applicationError.description).toBe(error.message);
  return {
    ...error,
    message,
    details: { applicationError: { ...details.applicationError, description: message } },
  };
}

export interface StepDifferences {
  /** The SDK's message explains the reference's (see withoutExplanation). */
  readonly explained?: boolean;
}

/**
 * The Atrium step must return what the reference step returned. A rejection must expose every
 * field the reference's does, with the same values (the class name aside: `WixDataError` for
 * `Error`), and its extra fields must hold what the SDK documents for them.
 */
export function expectSameStep(
  atrium: StepRecord,
  reference: StepRecord,
  differences: StepDifferences = {},
): void {
  const label = reference.step;
  expect(atrium.step).toBe(label);
  if (!isError(reference.result) || !isError(atrium.result)) {
    expect(atrium.result, label).toEqual(reference.result);
    return;
  }
  const theirs = reference.result.error;
  const mine = differences.explained
    ? withoutExplanation(atrium.result.error, theirs, label)
    : { ...atrium.result.error };
  const extras = EXTRAS.filter((key) => !(key in theirs) && key in mine);
  const extraValues = Object.fromEntries(extras.map((key) => [key, mine[key]]));
  for (const key of extras) delete mine[key];
  expect(mine.name, `${label}: name`).toBe(theirs.name === 'Error' ? 'WixDataError' : theirs.name);
  expect({ ...mine, name: theirs.name }, label).toEqual(theirs);
  expect(extraValues, `${label}: the SDK's extra error fields`).toEqual(
    expectedExtras(theirs, atrium.response, extras),
  );
}
