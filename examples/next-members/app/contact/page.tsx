import { contactForm } from '../../lib/contact';
import { currentMember, nameOf, requestClient } from '../../lib/member';
import { ContactForm } from './contact-form';

export default async function Contact() {
  const [form, member] = await Promise.all([contactForm(await requestClient()), currentMember()]);
  // A signed-in member finds their name and e-mail filled in.
  const defaults: Record<string, string> = member
    ? { name: nameOf(member), email: member.loginEmail ?? '' }
    : {};
  return (
    <>
      <h1>{form.name}</h1>
      <ContactForm formId={form.id} fields={form.fields} defaults={defaults} />
    </>
  );
}
