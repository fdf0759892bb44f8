import { type FormEvent, type ReactNode, useEffect, useRef } from 'react';
import type { FormsApi, SubmittedForm } from './api.js';
import { useFormsApi } from './client.js';
import { SubmissionField, UploadProgress } from './field-controls.js';
import type { FormDefinition } from './types.js';
import {
  type FileUpload,
  type SubmissionFormOptions,
  type SubmissionPhase,
  useSubmissionForm,
} from './use-submission-form.js';

export interface SubmissionFormProps extends SubmissionFormOptions {
  /** The form's definition, as `forms.getForm` answers it (see useForm). */
  form: FormDefinition;
  /** Text of the send button. Default "Send". */
  submitLabel?: string;
  /** What to show once sent, in place of the default thanks (inside the status region). */
  confirmation?: (submission: SubmittedForm) => ReactNode;
  /** The platform calls; default: the provider's client through `@atrium/sdk/forms`. */
  api?: FormsApi;
  className?: string;
}

const STATUS: Partial<Record<SubmissionPhase, string>> = {
  uploading: 'Uploading files…',
  submitting: 'Sending…',
};

/**
 * A form definition as a form a visitor fills in: each field by its kind, checked with the
 * platform's own rules before sending (unless `validate={false}`), files uploaded with a progress
 * bar, the platform's errors shown beside their fields, then a confirmation naming the
 * submission. Hidden fields are not shown; they send their default (or `initialValues`).
 * The draft is kept across re-renders: give another form (a different id) its own `key`.
 */
export function SubmissionForm({ api, ...props }: SubmissionFormProps) {
  return api ? (
    <SubmissionFormView {...props} loadApi={() => Promise.resolve(api)} />
  ) : (
    <ClientSubmissionForm {...props} />
  );
}

/** The form with the provider's client's forms calls. */
function ClientSubmissionForm(props: Omit<SubmissionFormProps, 'api'>) {
  return <SubmissionFormView {...props} loadApi={useFormsApi()} />;
}

function SubmissionFormView({
  form,
  submitLabel = 'Send',
  confirmation,
  loadApi,
  className,
  ...options
}: Omit<SubmissionFormProps, 'api'> & { loadApi: () => Promise<FormsApi> }) {
  const state = useSubmissionForm(form, loadApi, options);
  const formRef = useRef<HTMLFormElement>(null);
  const errorRef = useRef<HTMLDivElement>(null);
  const closed = form.enabled === false;
  const busy = state.phase === 'uploading' || state.phase === 'submitting';

  // After a refused attempt, focus moves to the first field in error, else to the form's message.
  useEffect(() => {
    if (state.attempt === 0) return;
    const invalid = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    (invalid ?? errorRef.current)?.focus();
  }, [state.attempt]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void state.submit();
  };

  const sent = state.phase === 'submitted' && state.submission;
  return (
    <div className={className ?? 'atrium-submission-form'}>
      <div className="atrium-status" role="status" aria-live="polite">
        {sent ? (
          (confirmation?.(state.submission!) ?? (
            <p className="atrium-confirmation">
              Thank you! Your submission was received. Reference:{' '}
              <code data-testid="submission-id">{state.submission!._id}</code>
            </p>
          ))
        ) : (
          <p>{STATUS[state.phase] ?? null}</p>
        )}
      </div>
      {sent ? (
        <>
          <SentFiles uploads={state.uploads} />
          <div className="atrium-actions">
            <button type="button" onClick={state.reset}>
              Send another response
            </button>
          </div>
        </>
      ) : (
        <form ref={formRef} className="atrium-form" noValidate onSubmit={submit} aria-busy={busy}>
          {closed && <p className="atrium-notice">This form is closed: it is not accepting submissions.</p>}
          {state.formErrors.length > 0 && (
            <div
              ref={errorRef}
              className="atrium-form-error"
              role="alert"
              tabIndex={-1}
              data-source={state.errorSource}
            >
              {state.formErrors.map((message) => (
                <p key={message}>{message}</p>
              ))}
            </div>
          )}
          {state.views.map((view) =>
            view.control === undefined || view.rule.hidden ? null : (
              <SubmissionField
                key={view.key}
                view={view}
                value={state.draft[view.target]}
                errors={state.fieldErrors[view.target] ?? []}
                errorSource={state.errorSource}
                uploads={state.uploads[view.target]}
                disabled={busy || closed}
                onChange={state.setValue}
              />
            ),
          )}
          <div className="atrium-actions">
            <button type="submit" disabled={busy || closed}>
              {submitLabel}
            </button>
          </div>
        </form>
      )}
    </div>
  );
}

/** The files a sent form uploaded, each with its completed progress bar. */
function SentFiles({ uploads }: { uploads: Readonly<Record<string, readonly FileUpload[]>> }) {
  const files = Object.values(uploads).flat();
  if (files.length === 0) return null;
  return (
    <ul className="atrium-file-list atrium-sent-files" aria-label="Files sent">
      {files.map((upload, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: two fields may send files of the same name
        <li key={`${upload.name}-${index}`} className="atrium-file">
          <span className="atrium-file-name">{upload.name}</span>
          <UploadProgress upload={upload} />
        </li>
      ))}
    </ul>
  );
}
