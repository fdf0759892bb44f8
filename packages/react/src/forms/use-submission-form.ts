import { useCallback, useMemo, useRef, useState } from 'react';
import type { FormsApi, SubmittedForm } from './api.js';
import { isLocalFile, type LocalFile, validateValues } from './check-values.js';
import { failureMessage, groupErrors, submissionErrorsOf, targetOfPath, uploadErrorsOf } from './errors.js';
import { type FieldView, fieldViews } from './field-views.js';
import type { FormDefinition, SubmissionValidationError, SubmittedFile } from './types.js';
import { type Draft, type DraftValue, initialDraft, valuesOf } from './values.js';

/**
 * The state of one form being filled in and sent: the draft, the errors shown (the client's
 * checks or the platform's answer), file uploads with their progress, and the outcome. Sending
 * checks the values with the platform's rules (unless `validate` is false), uploads the picked
 * files (each once, even when the form is sent again), then creates the submission.
 */

export type SubmissionPhase = 'editing' | 'uploading' | 'submitting' | 'submitted';

/** One picked file's upload: bytes sent of its size, and how it ended. */
export interface FileUpload {
  readonly name: string;
  readonly loaded: number;
  readonly total: number;
  readonly status: 'uploading' | 'uploaded' | 'failed';
}

export interface SubmissionFormOptions {
  /** False skips the client's checks: the platform's answer is what the visitor sees. Default true. */
  validate?: boolean;
  /** Values to start from, by target (also the values of hidden fields). */
  initialValues?: Readonly<Record<string, unknown>>;
  onSubmitted?: (submission: SubmittedForm) => void;
}

export interface SubmissionFormState {
  readonly views: readonly FieldView[];
  readonly draft: Draft;
  /** Messages per field target, and of the form. */
  readonly fieldErrors: Readonly<Record<string, readonly string[]>>;
  readonly formErrors: readonly string[];
  /** Whether the errors shown are the client's checks or the platform's answer. */
  readonly errorSource: 'client' | 'server' | undefined;
  readonly uploads: Readonly<Record<string, readonly FileUpload[]>>;
  readonly phase: SubmissionPhase;
  readonly submission: SubmittedForm | undefined;
  /** Increases after every refused attempt (to move focus to the first error). */
  readonly attempt: number;
  setValue(target: string, value: DraftValue): void;
  submit(): Promise<void>;
  /** Back to an empty form after a submission. */
  reset(): void;
}

const formIdOf = (form: FormDefinition): string => form._id ?? form.id ?? '';

export function useSubmissionForm(
  form: FormDefinition,
  loadApi: () => Promise<FormsApi>,
  { validate = true, initialValues, onSubmitted }: SubmissionFormOptions = {},
): SubmissionFormState {
  const views = useMemo(() => fieldViews(form), [form]);
  const [draft, setDraft] = useState<Draft>(() => initialDraft(views, initialValues));
  const [errors, setErrors] = useState<{ list: SubmissionValidationError[]; source?: 'client' | 'server' }>({
    list: [],
  });
  const [failure, setFailure] = useState<string | null>(null);
  const [uploads, setUploads] = useState<Record<string, FileUpload[]>>({});
  const [phase, setPhase] = useState<SubmissionPhase>('editing');
  const [submission, setSubmission] = useState<SubmittedForm>();
  const [attempt, setAttempt] = useState(0);
  /** Files already uploaded, so sending again does not upload them twice. */
  const uploaded = useRef(new WeakMap<LocalFile, SubmittedFile>());
  const busy = useRef(false);

  const grouped = useMemo(() => groupErrors(errors.list, views), [errors.list, views]);

  const setValue = useCallback((target: string, value: DraftValue) => {
    setDraft((current) => ({ ...current, [target]: value }));
    // What was wrong with this field is stale once it changes.
    setErrors((current) => ({
      ...current,
      list: current.list.filter((error) => targetOfPath(error.errorPath) !== target),
    }));
    if (Array.isArray(value)) {
      setUploads((current) => {
        if (!(target in current)) return current;
        const { [target]: _dropped, ...rest } = current;
        return rest;
      });
    }
  }, []);

  const refuse = (
    list: SubmissionValidationError[],
    source: 'client' | 'server',
    message: string | null = null,
  ) => {
    setErrors({ list, source });
    setFailure(message);
    setPhase('editing');
    setAttempt((n) => n + 1);
  };

  const progress = (target: string, index: number, update: FileUpload) =>
    setUploads((current) => {
      const list = [...(current[target] ?? [])];
      list[index] = update;
      return { ...current, [target]: list };
    });

  /** Uploads every picked file; the values with each replaced by its uploaded file, or undefined when one failed. */
  async function uploadFiles(api: FormsApi, formId: string, values: Record<string, unknown>) {
    const result = { ...values };
    for (const view of views) {
      const picked = values[view.target];
      if (view.control !== 'file' || !Array.isArray(picked)) continue;
      const files: unknown[] = [];
      for (const [index, file] of picked.entries()) {
        if (!isLocalFile(file)) {
          files.push(file);
          continue;
        }
        let value = uploaded.current.get(file);
        if (value === undefined) {
          const name = file.name;
          progress(view.target, index, { name, loaded: 0, total: file.size, status: 'uploading' });
          try {
            const url = await api.getMediaUploadUrl(formId, name, file.type || 'application/octet-stream');
            value = await api.uploadFile(url, file as unknown as Blob, (loaded, total) =>
              progress(view.target, index, { name, loaded, total: total || file.size, status: 'uploading' }),
            );
          } catch (error) {
            progress(view.target, index, { name, loaded: 0, total: file.size, status: 'failed' });
            const list = submissionErrorsOf(error) ?? uploadErrorsOf(error, view, index, name);
            refuse(list ?? [], 'server', list ? null : failureMessage(error, 'upload'));
            return undefined;
          }
          uploaded.current.set(file, value);
        }
        progress(view.target, index, {
          name: file.name,
          loaded: file.size,
          total: file.size,
          status: 'uploaded',
        });
        files.push(value);
      }
      result[view.target] = files;
    }
    return result;
  }

  async function submit(): Promise<void> {
    if (busy.current || phase === 'submitted') return;
    const formId = formIdOf(form);
    const values = valuesOf(views, draft, initialValues);
    if (validate) {
      const found = validateValues(
        views.map((view) => view.rule),
        values,
      );
      if (found.length > 0) return refuse(found, 'client');
    }
    busy.current = true;
    try {
      const api = await loadApi().catch((error: unknown) => {
        refuse([], 'server', failureMessage(error, 'submit'));
        return undefined;
      });
      if (!api) return;
      const hasFiles = views.some((view) => view.control === 'file' && Array.isArray(values[view.target]));
      setFailure(null);
      setErrors({ list: [] });
      setPhase(hasFiles ? 'uploading' : 'submitting');
      const finalValues = hasFiles ? await uploadFiles(api, formId, values) : values;
      if (!finalValues) return;
      setPhase('submitting');
      try {
        const created = await api.createSubmission({ formId, submissions: finalValues });
        setSubmission(created);
        setPhase('submitted');
        onSubmitted?.(created);
      } catch (error) {
        const list = submissionErrorsOf(error);
        refuse(list ?? [], 'server', list ? null : failureMessage(error, 'submit'));
      }
    } finally {
      busy.current = false;
    }
  }

  const reset = () => {
    setDraft(initialDraft(views, initialValues));
    setErrors({ list: [] });
    setFailure(null);
    setUploads({});
    setSubmission(undefined);
    setPhase('editing');
  };

  return {
    views,
    draft,
    fieldErrors: grouped.fields,
    formErrors: failure ? [failure, ...grouped.form] : grouped.form,
    errorSource: errors.list.length > 0 || failure ? (errors.source ?? 'server') : undefined,
    uploads,
    phase,
    submission,
    attempt,
    setValue,
    submit,
    reset,
  };
}
