import { startTestPlatform, type TestPlatform, testImageBytes } from '@atrium/platform/testing';
import { ApiKeyStrategy, createClient, OAuthStrategy } from '@atrium/sdk';
import { forms, submissions } from '@atrium/sdk/forms';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { AtriumProvider } from '../provider.js';
import { SubmissionForm } from './submission-form.js';
import type { FormDefinition } from './types.js';
import { useForm } from './use-form.js';

/**
 * The form components against a real platform, through `@atrium/sdk/forms` on a visitor's
 * client: the definition read with useForm, real uploads, the platform's refusals beside their
 * fields, and the stored submission checked with the owner's API key.
 */

let platform: TestPlatform;
let formId: string;
const owner = () =>
  createClient({
    auth: ApiKeyStrategy({ apiKey: platform.apiKey }),
    modules: { forms, submissions },
    baseUrl: platform.url,
  });

/** A field of the form by its identifier, target, label and validation. */
const field = (identifier: string, target: string, label: string, validation: object) => ({
  identifier,
  target,
  validation,
  view: { label },
});
/** Like the demo's contact form: name, e-mail, phone, message and images up to 64 KB. */
const CONTACT_FIELDS = [
  field('TEXT_INPUT', 'name', 'Name', { required: true, string: { maxLength: 100 } }),
  field('CONTACTS_EMAIL', 'email', 'E-mail', { required: true, string: { format: 'EMAIL' } }),
  field('CONTACTS_PHONE', 'phone', 'Phone', { string: { format: 'PHONE' } }),
  field('TEXT_AREA', 'message', 'Message', { required: true, string: { maxLength: 2000 } }),
  {
    identifier: 'FILE_UPLOAD',
    fieldType: 'INPUT',
    inputOptions: {
      target: 'attachment',
      inputType: 'WIX_FILE',
      wixFileOptions: {
        fileUploadOptions: { label: 'Attachment' },
        validation: { fileLimit: 2, uploadFileFormats: ['IMAGE'], maxFileSizeBytes: 64 * 1024 },
      },
    },
  },
];

async function createContactForm(): Promise<string> {
  const form = await owner().forms.createForm({
    namespace: 'wix.form_app.form',
    name: `Contact ${Math.random()}`,
    formFields: CONTACT_FIELDS,
  } as never);
  return form!._id!;
}

beforeAll(async () => {
  platform = await startTestPlatform();
  formId = await createContactForm();
});
afterAll(() => platform?.close());
afterEach(cleanup);

/** A site's client as a visitor; `requests` lists the paths it called. */
function visitorClient(baseUrl = platform.url, requests: string[] = []) {
  return createClient({
    auth: OAuthStrategy({ clientId: platform.clientId }),
    baseUrl,
    fetch: (input, init) => {
      requests.push(new URL(input instanceof Request ? input.url : input).pathname);
      return fetch(input, init);
    },
  });
}

function renderWith(ui: ReactNode, client = visitorClient()) {
  const queryClient = new QueryClient();
  return render(
    <AtriumProvider client={client}>
      <QueryClientProvider client={queryClient}>{ui}</QueryClientProvider>
    </AtriumProvider>,
  );
}

/** The page a site would write: the definition from useForm, then the form. */
function ContactForm({ id, validate }: { id: string; validate?: boolean }) {
  const { form, error } = useForm(id);
  if (error) return <p role="alert">{error.message}</p>;
  return form ? <SubmissionForm form={form} validate={validate} /> : <p>Loading…</p>;
}

const typeInto = (name: string, value: string) =>
  fireEvent.change(screen.getByRole('textbox', { name }), { target: { value } });
const send = () => fireEvent.click(screen.getByRole('button', { name: 'Send' }));
const errorOf = (element: HTMLElement) =>
  document.getElementById(element.getAttribute('aria-describedby')?.split(' ').pop() ?? '');
const sendButton = () => screen.findByRole('button', { name: 'Send' });

describe('SubmissionForm on the platform', () => {
  it('a visitor reads the form, sends it with a picture, and the owner finds it with the file', async () => {
    const png = await testImageBytes('png', 24, 16);
    renderWith(<ContactForm id={formId} />);
    await sendButton();
    typeInto('Name', 'Ada Lovelace');
    typeInto('E-mail', 'ada@example.com');
    typeInto('Phone', '+44 20 7946 0958');
    typeInto('Message', 'Hello');
    fireEvent.change(screen.getByLabelText('Attachment'), {
      target: { files: [new File([png as Uint8Array<ArrayBuffer>], 'photo.png', { type: 'image/png' })] },
    });
    send();

    await waitFor(() => expect(screen.getByRole('status').textContent).toContain('Thank you!'), {
      timeout: 10_000,
    });
    const progress = screen.getByRole('progressbar', { name: 'Upload of photo.png' }) as HTMLProgressElement;
    expect([progress.value, progress.max]).toEqual([png.length, png.length]);
    const id = screen.getByTestId('submission-id').textContent!;

    const stored = (await owner().submissions.getSubmission(id))!;
    expect(stored).toMatchObject({
      formId,
      status: 'CONFIRMED',
      submissions: {
        name: 'Ada Lovelace',
        email: 'ada@example.com',
        phone: '+44 20 7946 0958',
        message: 'Hello',
      },
    });
    const [file] = stored.submissions!.attachment as { displayName: string; url: string; fileType: string }[];
    expect(file).toMatchObject({ displayName: 'photo.png', fileType: 'image/png' });
    const download = await fetch(file!.url);
    expect(new Uint8Array(await download.arrayBuffer())).toEqual(png);
  });

  it('with client checks off, the platform’s errors are shown beside their fields', async () => {
    renderWith(<ContactForm id={formId} validate={false} />);
    await sendButton();
    typeInto('E-mail', 'ada@example');
    typeInto('Message', 'No name given');
    send();
    const name = screen.getByRole('textbox', { name: 'Name' });
    await waitFor(() => expect(name.getAttribute('aria-invalid')).toBe('true'));
    expect(errorOf(name)?.textContent).toBe('This field is required.');
    expect(errorOf(name)?.getAttribute('data-source')).toBe('server');
    const email = screen.getByRole('textbox', { name: 'E-mail' });
    expect(errorOf(email)?.textContent).toBe('Enter a valid e-mail address, like name@example.com.');
    expect(screen.getByRole('textbox', { name: 'Message' }).getAttribute('aria-invalid')).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(name));
  });

  it('a file the field does not take is refused by the platform, beside the file field', async () => {
    renderWith(<ContactForm id={formId} validate={false} />);
    await sendButton();
    typeInto('Name', 'Ada');
    typeInto('E-mail', 'ada@example.com');
    typeInto('Message', 'See the attached notes');
    fireEvent.change(screen.getByLabelText('Attachment'), {
      target: { files: [new File(['plain notes'], 'notes.txt', { type: 'text/plain' })] },
    });
    send();
    const attachment = screen.getByLabelText('Attachment');
    await waitFor(() => expect(attachment.getAttribute('aria-invalid')).toBe('true'));
    expect(errorOf(attachment)?.textContent).toBe('This kind of file is not accepted: choose images.');
    expect(screen.getByText('Not uploaded')).toBeTruthy();
  });

  it('a form disabled after it was shown answers DISABLED_FORM_ERROR, shown for the whole form', async () => {
    const closingId = await createContactForm();
    renderWith(<ContactForm id={closingId} />);
    await sendButton();
    const admin = owner();
    const current = (await admin.forms.getForm(closingId))!;
    await admin.forms.updateForm(closingId, { revision: current.revision, enabled: false });
    typeInto('Name', 'Ada');
    typeInto('E-mail', 'ada@example.com');
    typeInto('Message', 'Too late?');
    send();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('This form is not accepting submissions right now.');
    expect(alert.getAttribute('data-source')).toBe('server');
    await waitFor(() => expect(document.activeElement).toBe(alert));
  });

  it('an unreachable platform is a form-level error, and the form can be sent again', async () => {
    const form: FormDefinition = (await owner().forms.getForm(formId))!;
    renderWith(<SubmissionForm form={form} />, visitorClient('http://127.0.0.1:9'));
    typeInto('Name', 'Ada');
    typeInto('E-mail', 'ada@example.com');
    typeInto('Message', 'Anyone there?');
    send();
    const alert = await screen.findByRole('alert', undefined, { timeout: 10_000 });
    expect(alert.textContent).toBe(
      'Could not send the form: the site cannot be reached. Check your connection and try again.',
    );
    expect((screen.getByRole('button', { name: 'Send' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('useForm reports a form that does not exist, without asking again', async () => {
    const missing = '00000000-0000-4000-8000-000000000000';
    const requests: string[] = [];
    renderWith(<ContactForm id={missing} />, visitorClient(platform.url, requests));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(`No form with id ${missing}.`);
    expect(requests.filter((path) => path.startsWith('/form-schema-service/'))).toEqual([
      `/form-schema-service/v4/forms/${missing}`,
    ]);
  });
});
