import type { WixClient } from './wix';

/** The demo seed's contact form ("Contact us"): a fixed id, as a site names its form. */
export const CONTACT_FORM_ID = '5f0c6a4e-2b8d-4c1e-9a7f-3d2e1c0b9a01';

/** A text field of the form as the page renders it. */
export interface Field {
  target: string;
  label: string;
  required: boolean;
  kind: 'text' | 'email' | 'tel' | 'textarea';
}

type FormField = NonNullable<Awaited<ReturnType<WixClient['forms']['getForm']>>['formFields']>[number];

/**
 * A form field the page can render: the visible string inputs (text, e-mail, phone, the message
 * as a text area). Others (the seed's optional file upload) are not offered here.
 */
function fieldOf(field: FormField): Field | undefined {
  const input = field.inputOptions;
  const text = input?.stringOptions;
  if (!input?.target || field.hidden || input.inputType !== 'STRING' || !text) return undefined;
  const kind: Field['kind'] =
    text.validation?.format === 'EMAIL'
      ? 'email'
      : text.componentType === 'PHONE_INPUT'
        ? 'tel'
        : field.identifier === 'TEXT_AREA'
          ? 'textarea'
          : 'text';
  const label = text.textInputOptions?.label ?? text.phoneInputOptions?.label ?? input.target;
  return { target: input.target, label, required: Boolean(input.required), kind };
}

/** The contact form's name and fields (`forms.getForm`). */
export async function contactForm(client: WixClient): Promise<{ id: string; name: string; fields: Field[] }> {
  const form = await client.forms.getForm(CONTACT_FORM_ID);
  const fields = (form.formFields ?? []).map(fieldOf).filter((field) => field !== undefined);
  return { id: CONTACT_FORM_ID, name: form.name ?? 'Contact', fields };
}
