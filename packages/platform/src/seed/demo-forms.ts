import { WIX_FORMS_NAMESPACE } from '@atrium/contract';
import type { FormField } from '@atrium/contract/types';
import { checkFormInput } from '../services/forms/schemas/definition.js';
import { insertForm } from '../services/forms/schemas/store.js';
import type { Tx } from '../storage/transaction.js';
import type { Seeder } from './seeder.js';

/**
 * The demo site's forms: a contact form (name, e-mail, phone, message and a file upload for
 * images and documents such as PDFs, up to 5 MB each) and a disabled form, which refuses
 * submissions with DISABLED_FORM_ERROR. Fixed ids, so the site can name them. Fields use the
 * nested shape of the reference's typings (`inputOptions`), with labels a form view can show.
 */
export const DEMO_CONTACT_FORM_ID = '5f0c6a4e-2b8d-4c1e-9a7f-3d2e1c0b9a01';
export const DEMO_CLOSED_FORM_ID = '5f0c6a4e-2b8d-4c1e-9a7f-3d2e1c0b9a02';
export const DEMO_ATTACHMENT_MAX_BYTES = 5 * 1024 * 1024;

const text = (
  id: string,
  identifier: string,
  target: string,
  label: string,
  validation: object,
  required = false,
): FormField =>
  ({
    id,
    identifier,
    fieldType: 'INPUT',
    inputOptions: {
      target,
      required,
      inputType: 'STRING',
      stringOptions: {
        componentType: 'TEXT_INPUT',
        textInputOptions: { label, showLabel: true },
        validation,
      },
    },
  }) as FormField;

const CONTACT_FIELDS: FormField[] = [
  text('0b1e6d2a-4c3f-4e5a-8b7c-6d5e4f3a2b01', 'TEXT_INPUT', 'name', 'Name', { maxLength: 100 }, true),
  text(
    '0b1e6d2a-4c3f-4e5a-8b7c-6d5e4f3a2b02',
    'CONTACTS_EMAIL',
    'email',
    'E-mail',
    { format: 'EMAIL' },
    true,
  ),
  {
    id: '0b1e6d2a-4c3f-4e5a-8b7c-6d5e4f3a2b03',
    identifier: 'CONTACTS_PHONE',
    fieldType: 'INPUT',
    inputOptions: {
      target: 'phone',
      required: false,
      inputType: 'STRING',
      stringOptions: {
        componentType: 'PHONE_INPUT',
        phoneInputOptions: { label: 'Phone', showLabel: true },
        validation: { format: 'PHONE' },
      },
    },
  } as FormField,
  text('0b1e6d2a-4c3f-4e5a-8b7c-6d5e4f3a2b04', 'TEXT_AREA', 'message', 'Message', { maxLength: 2000 }, true),
  {
    id: '0b1e6d2a-4c3f-4e5a-8b7c-6d5e4f3a2b05',
    identifier: 'FILE_UPLOAD',
    fieldType: 'INPUT',
    inputOptions: {
      target: 'attachment',
      required: false,
      inputType: 'WIX_FILE',
      wixFileOptions: {
        componentType: 'FILE_UPLOAD',
        fileUploadOptions: { label: 'Attachment (images or PDF, up to 5 MB)', buttonText: 'Choose a file' },
        validation: {
          fileLimit: 3,
          uploadFileFormats: ['IMAGE', 'DOCUMENT'],
          maxFileSizeBytes: DEMO_ATTACHMENT_MAX_BYTES,
        },
      },
    },
  } as FormField,
];

async function seedForm(
  trx: Tx,
  id: string,
  name: string,
  enabled: boolean,
  formFields: FormField[],
): Promise<void> {
  const fields = checkFormInput({ namespace: WIX_FORMS_NAMESPACE, name, formFields }, 'create') ?? [];
  await insertForm(trx, {
    id,
    namespace: WIX_FORMS_NAMESPACE,
    name,
    enabled,
    definition: { formFields: fields },
    now: new Date(),
  });
}

export const demoForms: Seeder = {
  name: 'demo/forms',
  run: async (trx) => {
    await seedForm(trx, DEMO_CONTACT_FORM_ID, 'Contact us', true, CONTACT_FIELDS);
    await seedForm(trx, DEMO_CLOSED_FORM_ID, 'Event sign-up (closed)', false, CONTACT_FIELDS.slice(0, 2));
  },
};
