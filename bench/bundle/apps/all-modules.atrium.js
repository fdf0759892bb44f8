// Every service module Atrium has; add each new module here and its reference twin beside it.
import { createClient, OAuthStrategy } from '@atrium/sdk';
import { items } from '@atrium/sdk/data';
import { forms, submissions } from '@atrium/sdk/forms';
import { authentication, recovery, verification } from '@atrium/sdk/identity';
import { proGallery } from '@atrium/sdk/pro-gallery';
import { redirects } from '@atrium/sdk/redirects';

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
