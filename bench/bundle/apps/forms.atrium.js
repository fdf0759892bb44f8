// A visitor page with a contact form: the client, visitor tokens, reading the form and submitting it.
import { createClient, OAuthStrategy } from '@atrium/sdk';
import { forms, submissions } from '@atrium/sdk/forms';

const client = createClient({
  auth: OAuthStrategy({ clientId: 'bench-client' }),
  modules: { forms, submissions },
});
client.forms.getForm('f1').then((form) => console.log(form?.formFields));
client.submissions
  .createSubmission({ formId: 'f1', submissions: { email: 'a@b.c' } })
  .then((submission) => console.log(submission?.status));
