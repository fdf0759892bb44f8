// \`@wix/forms\` re-exports these two namespaces from its per-service packages; importing the index pulls in
// every forms service and its UI dependencies (~440 KiB gzipped), so the comparison uses the same two
// namespaces directly.
import * as forms from '@wix/auto_sdk_forms_forms';
import * as submissions from '@wix/auto_sdk_forms_submissions';
import { items } from '@wix/data';
import { authentication, recovery, verification } from '@wix/identity';
import { proGallery } from '@wix/pro-gallery';
import { redirects } from '@wix/redirects';
import { createClient, OAuthStrategy } from '@wix/sdk';

const client = createClient({
  auth: OAuthStrategy({ clientId: 'bench-client' }),
  modules: { authentication, recovery, verification, redirects, items, proGallery, forms, submissions },
});
client.auth.generateVisitorTokens().then((tokens) => console.log(tokens.accessToken.expiresAt));
client.redirects.createRedirectSession({ login: {} }).then((session) => console.log(session));
client.authentication.loginV2({ email: 'a@b.c' }, { password: 'pw' }).then((r) => console.log(r.state));
client.recovery.sendRecoveryEmail('a@b.c').then(() => console.log('sent'));
client.verification.start({ target: 'EMAIL' }).then((r) => console.log(r));
client.items
  .query('Products')
  .eq('title', 'x')
  .find()
  .then((result) => console.log(result.items));
client.proGallery.getGallery('g1').then((gallery) => console.log(gallery.items));
client.forms.getForm('f1').then((form) => console.log(form.formFields));
client.submissions
  .createSubmission({ formId: 'f1', submissions: { email: 'a@b.c' } })
  .then((submission) => console.log(submission.status));
