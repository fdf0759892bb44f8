import { lazy, Suspense } from 'react';

/**
 * The owner's console sections of the studio (members, forms, webhooks, developer): their paths
 * for the shell's SECTIONS, and each one's code loaded only when opened.
 */
export const OWNER_SECTIONS = [
  { path: '/forms', label: 'Forms' },
  { path: '/webhooks', label: 'Webhooks' },
  { path: '/developer', label: 'Developer' },
] as const;

type OwnerPath = '/members' | (typeof OWNER_SECTIONS)[number]['path'];

const MembersSection = lazy(() =>
  import('./members/members-section.js').then((module) => ({ default: module.MembersSection })),
);
const FormsSection = lazy(() =>
  import('./forms/forms-section.js').then((module) => ({ default: module.FormsSection })),
);
const WebhooksSection = lazy(() =>
  import('./webhooks/webhooks-section.js').then((module) => ({ default: module.WebhooksSection })),
);
const DeveloperSection = lazy(() =>
  import('./developer/developer-section.js').then((module) => ({ default: module.DeveloperSection })),
);

export const isOwnerSection = (path: string): path is OwnerPath =>
  path === '/members' || OWNER_SECTIONS.some((section) => section.path === path);

export function OwnerSection({
  section,
  apiKey,
  path,
}: {
  section: OwnerPath;
  apiKey: string;
  path: string;
}) {
  const label = section === '/members' ? 'members' : section.slice(1);
  return (
    <Suspense fallback={<p aria-busy="true">Loading {label}…</p>}>
      {section === '/members' && <MembersSection apiKey={apiKey} />}
      {section === '/forms' && <FormsSection apiKey={apiKey} path={path} />}
      {section === '/webhooks' && <WebhooksSection apiKey={apiKey} />}
      {section === '/developer' && <DeveloperSection apiKey={apiKey} />}
    </Suspense>
  );
}
