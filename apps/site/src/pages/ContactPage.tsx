import { SubmissionForm, useForm } from '@atrium/react';
import { useSearchParams } from 'react-router';
import { PageSection } from '../head';
import './contact.css';

/** The demo seed's contact form (DEMO_CONTACT_FORM_ID in packages/platform/src/seed/demo-forms.ts). */
export const CONTACT_FORM_ID = '5f0c6a4e-2b8d-4c1e-9a7f-3d2e1c0b9a01';

/**
 * /contact: the seeded contact form, for visitors and members alike. `?form=<id>` shows another
 * form (the seed's closed one shows the component's "closed" note); `?novalidate=1` turns the
 * browser-side checks off, so that what the platform answers is what the visitor sees (the e2e
 * journey of server errors uses it).
 */
export function ContactPage() {
  const [params] = useSearchParams();
  const formId = params.get('form') || CONTACT_FORM_ID;
  const validate = params.get('novalidate') !== '1';
  const { form, isLoading, error, refetch } = useForm(formId);

  return (
    <PageSection
      id="contact-title"
      className="contact-page"
      title={form?.name ?? 'Contact us'}
      description="Write to the Atrium demo site: a form with validation and a file upload."
    >
      {isLoading && <p className="loading">Loading the form…</p>}
      {error && (
        <div role="alert">
          <p>The form could not be loaded. {error.message}</p>
          <button type="button" onClick={() => void refetch()}>
            Try again
          </button>
        </div>
      )}
      {form && (
        <SubmissionForm
          key={`${formId}:${validate}`}
          form={form}
          validate={validate}
          className="atrium-submission-form card"
        />
      )}
    </PageSection>
  );
}
