import type { LocalFile } from './check-values.js';
import type { FieldView } from './field-views.js';

/**
 * What the visitor has entered (a draft: text as typed, choices by index, picked files) and the
 * submission values made from it (`submission.submissions`, keyed by target). Empty entries are
 * left out, as the platform treats a missing and an empty value alike.
 */

/** Per target: text (inputs, a select's or radio's option index), a checkbox, chosen option indexes, files. */
export type DraftValue = string | boolean | readonly number[] | readonly LocalFile[];
export type Draft = Readonly<Record<string, DraftValue>>;

/** The draft a form starts with: each field's default, or the value given for its target. */
export function initialDraft(
  views: readonly FieldView[],
  initialValues: Readonly<Record<string, unknown>> = {},
): Draft {
  const draft: Record<string, DraftValue> = {};
  for (const view of views) {
    if (view.control === undefined) continue;
    const value = view.target in initialValues ? initialValues[view.target] : view.defaultValue;
    draft[view.target] = draftOf(view, value);
  }
  return draft;
}

function draftOf(view: FieldView, value: unknown): DraftValue {
  const indexOf = (wanted: unknown) => view.options.findIndex((option) => option.value === wanted);
  switch (view.control) {
    case 'checkbox':
      return value === true;
    case 'checkboxes':
      return Array.isArray(value) ? value.map(indexOf).filter((index) => index >= 0) : [];
    case 'select':
    case 'radio': {
      const index = indexOf(value);
      return index >= 0 ? String(index) : '';
    }
    case 'tags':
      return Array.isArray(value) ? value.join(', ') : '';
    case 'file':
      return [];
    default:
      return value === undefined || value === null ? '' : String(value);
  }
}

/**
 * The submission values of a draft. Hidden fields and fields without a control send their
 * initial value. A required checkbox left unchecked sends nothing, so that it reads as missing
 * (a required box must be ticked); an optional one sends false. File fields send the picked files
 * here; they are replaced by the uploaded files' values before submitting.
 */
export function valuesOf(
  views: readonly FieldView[],
  draft: Draft,
  initialValues: Readonly<Record<string, unknown>> = {},
): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const view of views) {
    const value =
      view.rule.hidden || view.control === undefined
        ? (initialValues[view.target] ?? view.defaultValue)
        : submittedValueOf(view, draft[view.target]);
    if (value !== undefined && value !== null && value !== '') values[view.target] = value;
  }
  return values;
}

function submittedValueOf(view: FieldView, entry: DraftValue | undefined): unknown {
  switch (view.control) {
    case 'checkbox':
      return entry === true ? true : view.rule.required ? undefined : false;
    case 'checkboxes': {
      const chosen = Array.isArray(entry)
        ? (entry as number[]).map((index) => view.options[index]?.value)
        : [];
      return chosen.length > 0 ? chosen : undefined;
    }
    case 'select':
    case 'radio':
      return typeof entry === 'string' && entry !== '' ? view.options[Number(entry)]?.value : undefined;
    case 'number':
      return typeof entry === 'string' ? numberOf(entry) : undefined;
    case 'tags': {
      const items =
        typeof entry === 'string'
          ? entry
              .split(',')
              .map((item) => item.trim())
              .filter(Boolean)
          : [];
      const numeric = view.rule.array?.items?.kind === 'number' || view.rule.array?.items?.kind === 'integer';
      const list = numeric ? items.map(numberOf) : items;
      return list.length > 0 ? list : undefined;
    }
    case 'file':
      return Array.isArray(entry) && entry.length > 0 ? entry : undefined;
    default:
      return typeof entry === 'string' ? entry : undefined;
  }
}

/** A number as typed; text that is not one is sent as it is, for the rules to refuse. */
function numberOf(typed: string): number | string | undefined {
  const trimmed = typed.trim();
  if (trimmed === '') return undefined;
  const number = Number(trimmed);
  return Number.isFinite(number) ? number : trimmed;
}
