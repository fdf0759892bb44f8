import type { AtriumClient, Bound } from '@atrium/sdk';
import { useCallback } from 'react';
import { perClient } from '../per-client.js';
import { useClient } from '../provider.js';
import type { FormsApi } from './api.js';
import type { FormDefinition } from './types.js';

/**
 * The form components' link to the SDK: `forms` and `submissions` of `@atrium/sdk/forms` bound to
 * the provider's client, and its upload helper. Bundle size: `@atrium/sdk/forms` is imported on
 * the first form call, not with this package, so a page without forms never downloads it.
 */

// biome-ignore lint/suspicious/noExplicitAny: any client of the provider, whatever its strategy and modules
type AnyClient = AtriumClient<any, any>;

type FormsSdk = typeof import('@atrium/sdk/forms');
/** `forms` and `submissions` bound to a client: their functions as the app calls them. */
type BoundForms = Bound<{ forms: FormsSdk['forms']; submissions: FormsSdk['submissions'] }>;

/** An answer without the entity it should hold: the platform's fault, reported as such. */
const missing = (what: string): never => {
  throw new Error(`The platform answered without ${what}.`);
};

async function bind(client: AnyClient): Promise<FormsApi> {
  const sdk = await import('@atrium/sdk/forms');
  const { forms, submissions } = client.use({ forms: sdk.forms, submissions: sdk.submissions }) as BoundForms;
  return {
    // The SDK's Form is a FormDefinition (checked here, at compile time).
    getForm: async (formId): Promise<FormDefinition> => (await forms.getForm(formId)) ?? missing('the form'),
    createSubmission: async (submission) => {
      const created = (await submissions.createSubmission(submission)) ?? missing('the submission');
      return { ...created, _id: created._id ?? missing('the submission id') };
    },
    getMediaUploadUrl: async (formId, filename, mimeType) =>
      (await submissions.getMediaUploadUrl(formId, filename, mimeType)).uploadUrl,
    uploadFile: async (uploadUrl, file, onProgress) =>
      sdk.fileValue(
        await sdk.uploadFile(uploadUrl, file, {
          onProgress: ({ loaded, total }) => onProgress(loaded, total ?? file.size),
        }),
      ),
  };
}

export const formsApiOf = perClient(bind);

/** Resolves to the forms calls of the provider's client (loading `@atrium/sdk/forms` on first use). */
export function useFormsApi(): () => Promise<FormsApi> {
  const client = useClient();
  return useCallback(() => formsApiOf(client), [client]);
}
