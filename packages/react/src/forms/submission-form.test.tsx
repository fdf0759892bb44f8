import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { choices, control, nestedField } from '../../test/support/form-fields.js';
import type { FormsApi, SubmissionInput, SubmittedForm } from './api.js';
import { SubmissionForm } from './submission-form.js';
import type { FormDefinition, SubmittedFile } from './types.js';

/**
 * The form component on its own: how each field kind renders, the client's checks, and an upload's
 * progress, with the platform calls given as `api` (so that an upload can be held half-way).
 * submission-form.platform.test.tsx runs it against a real platform.
 */

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const FORM: FormDefinition = {
  _id: 'form-1',
  name: 'Every kind',
  enabled: true,
  formFields: [
    nestedField(
      'name',
      'STRING',
      { textInputOptions: { label: 'Name', placeholder: 'Your name' }, validation: { maxLength: 5 } },
      { required: true },
    ),
    nestedField('email', 'STRING', {
      textInputOptions: { label: 'E-mail' },
      validation: { format: 'EMAIL' },
    }),
    nestedField('phone', 'STRING', control('PHONE_INPUT', { label: 'Phone' }, { format: 'PHONE' })),
    nestedField('site', 'STRING', { textInputOptions: { label: 'Web site' }, validation: { format: 'URL' } }),
    nestedField('day', 'STRING', control('DATE_INPUT', { label: 'Day' }, { format: 'DATE' })),
    nestedField(
      'message',
      'STRING',
      { textInputOptions: { label: 'Message', description: 'Tell us more.' }, validation: {} },
      { identifier: 'TEXT_AREA' },
    ),
    nestedField('size', 'STRING', control('DROPDOWN', choices('Size', ['Small', 's'], ['Large', 'l']), {})),
    nestedField(
      'colour',
      'STRING',
      control('RADIO_GROUP', choices('Colour', ['Red', 'red'], ['Blue', 'blue']), {}),
    ),
    nestedField('guests', 'NUMBER', { numberInputOptions: { label: 'Guests' }, validation: { maximum: 10 } }),
    nestedField('terms', 'BOOLEAN', { checkboxOptions: { label: 'I accept the terms' } }, { required: true }),
    nestedField(
      'topics',
      'ARRAY',
      control('CHECKBOX_GROUP', choices('Topics', ['News', 'news'], ['Events', 'events']), {}),
    ),
    nestedField('attachment', 'WIX_FILE', {
      fileUploadOptions: { label: 'Attachment' },
      validation: { fileLimit: 2, uploadFileFormats: ['IMAGE'], maxFileSizeBytes: 100 },
    }),
    nestedField(
      'source',
      'STRING',
      { textInputOptions: { label: 'Source', default: 'web' }, validation: {} },
      { hidden: true },
    ),
  ],
};

/** Platform calls that record what they were asked, and uploads that wait until released. */
function recordingApi() {
  const calls: string[] = [];
  const submitted: SubmissionInput[] = [];
  const pending: { progress(loaded: number, total: number): void; finish(): void }[] = [];
  const api: FormsApi = {
    getForm: async () => FORM,
    getMediaUploadUrl: async (_formId, filename) => {
      calls.push(`url:${filename}`);
      return `https://upload.test/${filename}`;
    },
    uploadFile: (url, file, onProgress) =>
      new Promise<SubmittedFile>((resolve) => {
        calls.push(`upload:${url}`);
        pending.push({
          progress: onProgress,
          finish: () => resolve({ fileId: `id-${file.size}`, url, displayName: (file as File).name }),
        });
      }),
    createSubmission: async (submission): Promise<SubmittedForm> => {
      calls.push('create');
      submitted.push(submission);
      return { _id: 'sub-1', formId: submission.formId, submissions: submission.submissions };
    },
  };
  return { api, calls, submitted, pending };
}

const send = () => fireEvent.click(screen.getByRole('button', { name: 'Send' }));
const typeInto = (name: string, value: string) =>
  fireEvent.change(screen.getByRole('textbox', { name }), { target: { value } });
const pick = (label: string, files: File[]) =>
  fireEvent.change(screen.getByLabelText(label), { target: { files } });

describe('SubmissionForm rendering', () => {
  it('renders each field kind as its control, with labels; hidden fields are not shown', () => {
    const { container } = render(<SubmissionForm form={FORM} api={recordingApi().api} />);
    const input = (name: string) => screen.getByLabelText(name) as HTMLInputElement;
    const name = screen.getByRole('textbox', { name: 'Name' }) as HTMLInputElement;
    expect(name.type).toBe('text');
    expect(name.placeholder).toBe('Your name');
    expect(name.getAttribute('aria-required')).toBe('true');
    expect(input('E-mail').type).toBe('email');
    expect(input('Phone').type).toBe('tel');
    expect(input('Web site').type).toBe('url');
    expect(input('Day').type).toBe('date');
    expect(screen.getByLabelText('Message').tagName).toBe('TEXTAREA');
    expect(screen.getByRole('textbox', { name: 'Message' }).getAttribute('aria-describedby')).toBeTruthy();
    expect(screen.getByText('Tell us more.')).toBeTruthy();
    const size = screen.getByLabelText('Size') as HTMLSelectElement;
    expect(Array.from(size.options, (option) => option.textContent)).toEqual(['Choose…', 'Small', 'Large']);
    const colour = screen.getByRole('group', { name: 'Colour' });
    expect(
      within(colour)
        .getAllByRole('radio')
        .map((radio) => radio.parentElement?.textContent),
    ).toEqual(['Red', 'Blue']);
    expect(input('Guests').type).toBe('number');
    expect(screen.getByRole('checkbox', { name: 'I accept the terms' }).getAttribute('aria-required')).toBe(
      'true',
    );
    expect(within(screen.getByRole('group', { name: 'Topics' })).getAllByRole('checkbox')).toHaveLength(2);
    const file = input('Attachment');
    expect(file.type).toBe('file');
    expect(file.accept).toBe('image/*');
    expect(file.multiple).toBe(true);
    expect(screen.queryByLabelText('Source')).toBeNull();
    expect(container.querySelectorAll('.atrium-field')).toHaveLength(12);
  });

  it('renders on a server (no browser APIs while rendering)', () => {
    const html = renderToString(<SubmissionForm form={FORM} api={recordingApi().api} />);
    expect(html).toContain('<form');
    expect(html).toContain('Attachment');
    expect(html).not.toContain('Source');
  });

  it('a closed form says so and cannot be sent', () => {
    render(<SubmissionForm form={{ ...FORM, enabled: false }} api={recordingApi().api} />);
    expect(screen.getByText('This form is closed: it is not accepting submissions.')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Send' }) as HTMLButtonElement).disabled).toBe(true);
  });
});

describe('SubmissionForm client checks', () => {
  it('shows every failed value beside its field, linked and focused, without calling the platform', async () => {
    const { api, calls } = recordingApi();
    render(<SubmissionForm form={FORM} api={api} />);
    typeInto('Name', 'Too long a name');
    typeInto('E-mail', 'ada@example');
    fireEvent.change(screen.getByLabelText('Guests'), { target: { value: '11' } });
    pick('Attachment', [new File(['x'.repeat(200)], 'big.png', { type: 'image/png' })]);
    send();
    const name = screen.getByRole('textbox', { name: 'Name' });
    await waitFor(() => expect(document.activeElement).toBe(name));
    expect(name.getAttribute('aria-invalid')).toBe('true');
    const errorOf = (element: HTMLElement) =>
      document.getElementById(element.getAttribute('aria-describedby')!.split(' ').pop()!);
    expect(errorOf(name)?.textContent).toBe('Use at most 5 characters.');
    expect(errorOf(name)?.getAttribute('data-source')).toBe('client');
    expect(errorOf(screen.getByRole('textbox', { name: 'E-mail' }))?.textContent).toBe(
      'Enter a valid e-mail address, like name@example.com.',
    );
    expect(errorOf(screen.getByLabelText('Guests'))?.textContent).toBe('Enter a number no greater than 10.');
    expect(errorOf(screen.getByRole('checkbox', { name: 'I accept the terms' }))?.textContent).toBe(
      'Tick this box to continue.',
    );
    expect(errorOf(screen.getByLabelText('Attachment'))?.textContent).toBe(
      'This file is too large: the limit is 100 bytes.',
    );
    expect(screen.getByRole('textbox', { name: 'Phone' }).getAttribute('aria-invalid')).toBeNull();
    expect(calls).toEqual([]);

    // Changing a field clears its errors only.
    typeInto('Name', 'Ada');
    expect(screen.getByRole('textbox', { name: 'Name' }).getAttribute('aria-invalid')).toBeNull();
    expect(screen.getByRole('textbox', { name: 'E-mail' }).getAttribute('aria-invalid')).toBe('true');
  });

  it('with checks off, sends what was typed as it is', async () => {
    const { api, calls, submitted } = recordingApi();
    render(<SubmissionForm form={FORM} api={api} validate={false} />);
    typeInto('E-mail', 'ada@example');
    send();
    await waitFor(() => expect(calls).toEqual(['create']));
    expect(submitted[0]).toEqual({ formId: 'form-1', submissions: { email: 'ada@example', source: 'web' } });
  });
});

describe('SubmissionForm uploads and confirmation', () => {
  it('uploads each picked file with a progress bar, submits the uploaded values, then confirms with the id', async () => {
    const { api, calls, submitted, pending } = recordingApi();
    const onSubmitted = vi.fn();
    render(<SubmissionForm form={FORM} api={api} onSubmitted={onSubmitted} />);
    typeInto('Name', 'Ada');
    fireEvent.click(screen.getByRole('checkbox', { name: 'I accept the terms' }));
    fireEvent.change(screen.getByLabelText('Size'), { target: { value: '1' } });
    fireEvent.click(screen.getByRole('radio', { name: 'Blue' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Events' }));
    pick('Attachment', [new File(['a'.repeat(40)], 'one.png', { type: 'image/png' })]);
    pick('Attachment', [new File(['b'.repeat(60)], 'two.png', { type: 'image/png' })]);
    expect(screen.getByText('one.png')).toBeTruthy();
    send();

    await waitFor(() => expect(pending).toHaveLength(1));
    expect(screen.getByRole('status').textContent).toBe('Uploading files…');
    expect((screen.getByRole('button', { name: 'Send' }) as HTMLButtonElement).disabled).toBe(true);
    act(() => pending[0]!.progress(10, 40));
    const first = screen.getByRole('progressbar', { name: 'Upload of one.png' }) as HTMLProgressElement;
    expect([first.value, first.max]).toEqual([10, 40]);
    expect(screen.getByText('25%')).toBeTruthy();
    await act(async () => pending[0]!.finish());
    await waitFor(() => expect(pending).toHaveLength(2));
    expect(screen.getAllByText('Uploaded')).toHaveLength(1);
    await act(async () => pending[1]!.finish());

    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toContain('Thank you! Your submission was received.'),
    );
    expect(screen.getByTestId('submission-id').textContent).toBe('sub-1');
    expect(calls).toEqual([
      'url:one.png',
      'upload:https://upload.test/one.png',
      'url:two.png',
      'upload:https://upload.test/two.png',
      'create',
    ]);
    expect(submitted[0]?.submissions).toEqual({
      name: 'Ada',
      size: 'l',
      colour: 'blue',
      terms: true,
      topics: ['events'],
      attachment: [
        { fileId: 'id-40', url: 'https://upload.test/one.png', displayName: 'one.png' },
        { fileId: 'id-60', url: 'https://upload.test/two.png', displayName: 'two.png' },
      ],
      source: 'web',
    });
    expect(onSubmitted).toHaveBeenCalledWith(expect.objectContaining({ _id: 'sub-1' }));
    const sent = screen.getByRole('list', { name: 'Files sent' });
    expect(
      within(sent)
        .getAllByRole('progressbar')
        .map((bar) => (bar as HTMLProgressElement).value),
    ).toEqual([40, 60]);

    fireEvent.click(screen.getByRole('button', { name: 'Send another response' }));
    expect((screen.getByRole('textbox', { name: 'Name' }) as HTMLInputElement).value).toBe('');
  });

  it('does not upload a file twice when the form is sent again after the platform refused it', async () => {
    const { api, calls, pending } = recordingApi();
    let refuse = true;
    const createSubmission = api.createSubmission;
    api.createSubmission = async (submission) => {
      if (!refuse) return createSubmission(submission);
      refuse = false;
      throw Object.assign(new Error('invalid'), {
        status: 400,
        details: {
          validationError: {
            fieldViolations: [
              {
                field: 'submission.submissions.name',
                description: 'taken',
                data: { errors: [{ errorType: 'NOT_ALLOWED_VALUE_ERROR', errorPath: 'name', params: {} }] },
              },
            ],
          },
        },
      });
    };
    render(<SubmissionForm form={FORM} api={api} />);
    typeInto('Name', 'Ada');
    fireEvent.click(screen.getByRole('checkbox', { name: 'I accept the terms' }));
    pick('Attachment', [new File(['a'.repeat(40)], 'one.png', { type: 'image/png' })]);
    send();
    await waitFor(() => expect(pending).toHaveLength(1));
    await act(async () => pending[0]!.finish());
    const name = screen.getByRole('textbox', { name: 'Name' });
    await waitFor(() => expect(name.getAttribute('aria-invalid')).toBe('true'));
    await waitFor(() => expect(document.activeElement).toBe(name));
    send();
    await waitFor(() => expect(screen.getByTestId('submission-id').textContent).toBe('sub-1'));
    expect(calls.filter((call) => call.startsWith('upload:'))).toHaveLength(1);
  });
});
