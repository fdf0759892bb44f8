import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import './studio/studio.css';

/**
 * The console's one section registry: each section's path, its menu label, the server's section
 * it works in (the role's menu shows those it may use: services/staff/permissions.ts), and its
 * code, loaded only when opened (the blog's editor and renderer included). Every section takes the
 * console path it is shown at.
 */
export interface SectionProps {
  path: string;
}

type Loaded = LazyExoticComponent<ComponentType<SectionProps>>;

/** A section's module, loaded on first use; `name` is its exported component. */
const load = <Name extends string>(
  importer: () => Promise<Record<Name, ComponentType<SectionProps>>>,
  name: Name,
): Loaded => lazy(() => importer().then((module) => ({ default: module[name] })));

export const SECTIONS = [
  {
    path: '/members',
    label: 'Members',
    section: 'members',
    Component: load(() => import('./studio/members/members-section.js'), 'MembersSection'),
  },
  {
    path: '/blog',
    label: 'Blog',
    section: 'blog',
    Component: load(() => import('./blog/blog-section.js'), 'BlogSection'),
  },
  {
    path: '/forms',
    label: 'Forms',
    section: 'forms',
    Component: load(() => import('./studio/forms/forms-section.js'), 'FormsSection'),
  },
  {
    path: '/webhooks',
    label: 'Webhooks',
    section: 'webhooks',
    Component: load(() => import('./studio/webhooks/webhooks-section.js'), 'WebhooksSection'),
  },
  {
    path: '/settings',
    label: 'Settings',
    section: 'settings',
    Component: load(() => import('./studio/settings/settings-section.js'), 'SettingsSection'),
  },
  {
    path: '/requests',
    label: 'Requests',
    section: 'settings',
    Component: load(() => import('./studio/logs/logs-sections.js'), 'RequestsSection'),
  },
  {
    path: '/staff',
    label: 'Staff',
    section: 'owner',
    Component: load(() => import('./studio/staff/staff-section.js'), 'StaffSection'),
  },
  {
    path: '/activity',
    label: 'Activity',
    section: 'owner',
    Component: load(() => import('./studio/logs/logs-sections.js'), 'ActivitySection'),
  },
  {
    path: '/developer',
    label: 'Developer',
    section: 'owner',
    Component: load(() => import('./studio/developer/developer-section.js'), 'DeveloperSection'),
  },
  {
    path: '/collections',
    label: 'Data',
    section: 'cms',
    Component: load(() => import('./studio/data/data-section.js'), 'DataSection'),
  },
  {
    path: '/galleries',
    label: 'Galleries',
    section: 'galleries',
    Component: load(() => import('./studio/galleries/galleries-section.js'), 'GalleriesSection'),
  },
  {
    path: '/media',
    label: 'Media',
    section: 'media',
    Component: load(() => import('./studio/media/media-section.js'), 'MediaSection'),
  },
] as const;

export type SectionEntry = (typeof SECTIONS)[number];
