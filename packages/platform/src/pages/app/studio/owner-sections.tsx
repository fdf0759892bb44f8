import { lazy, Suspense } from 'react';

/**
 * The owner's console sections of the studio (members, forms, webhooks, settings, requests, staff,
 * activity, developer): their
 * paths for the shell's SECTIONS with the server's section each works in (the role's menu shows
 * those it may use), and each one's code loaded only when opened.
 */
export const OWNER_SECTIONS = [
  { path: '/forms', label: 'Forms', section: 'forms' },
  { path: '/webhooks', label: 'Webhooks', section: 'webhooks' },
  { path: '/settings', label: 'Settings', section: 'settings' },
  { path: '/requests', label: 'Requests', section: 'settings' },
  { path: '/staff', label: 'Staff', section: 'owner' },
  { path: '/activity', label: 'Activity', section: 'owner' },
  { path: '/developer', label: 'Developer', section: 'owner' },
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
const SettingsSection = lazy(() =>
  import('./settings/settings-section.js').then((module) => ({ default: module.SettingsSection })),
);
const RequestsSection = lazy(() =>
  import('./logs/logs-sections.js').then((module) => ({ default: module.RequestsSection })),
);
const ActivitySection = lazy(() =>
  import('./logs/logs-sections.js').then((module) => ({ default: module.ActivitySection })),
);
const StaffSection = lazy(() =>
  import('./staff/staff-section.js').then((module) => ({ default: module.StaffSection })),
);
const DeveloperSection = lazy(() =>
  import('./developer/developer-section.js').then((module) => ({ default: module.DeveloperSection })),
);

export const isOwnerSection = (path: string): path is OwnerPath =>
  path === '/members' || OWNER_SECTIONS.some((section) => section.path === path);

export function OwnerSection({ section, path }: { section: OwnerPath; path: string }) {
  const label = section === '/members' ? 'members' : section.slice(1);
  return (
    <Suspense fallback={<p aria-busy="true">Loading {label}…</p>}>
      {section === '/members' && <MembersSection />}
      {section === '/forms' && <FormsSection path={path} />}
      {section === '/webhooks' && <WebhooksSection />}
      {section === '/settings' && <SettingsSection />}
      {section === '/requests' && <RequestsSection />}
      {section === '/staff' && <StaffSection />}
      {section === '/activity' && <ActivitySection />}
      {section === '/developer' && <DeveloperSection />}
    </Suspense>
  );
}
