// `@wix/forms` re-exports these namespaces from its per-service packages; importing its index pulls in
// every forms service, so the comparison imports the two namespaces directly (the smallest reference
// build of the same calls).
import * as forms from '@wix/auto_sdk_forms_forms';
import * as submissions from '@wix/auto_sdk_forms_submissions';
import { createClient, OAuthStrategy } from '@wix/sdk';

const client = createClient({
  auth: OAuthStrategy({ clientId: 'bench-client' }),
  modules: { forms, submissions },
});
client.forms.getForm('f1').then((form) => console.log(form?.formFields));
client.submissions
  .createSubmission({ formId: 'f1', submissions: { email: 'a@b.c' } })
  .then((submission) => console.log(submission?.status));
