import { HOSTED_ROUTES } from '@atrium/contract/routes';
import { type AnchorHTMLAttributes, type MouseEvent, useEffect, useSyncExternalStore } from 'react';

/**
 * Path routing inside the console: every `/_hosted/console/…` URL is the same page (the server
 * serves it, pages/routes.ts), and the path below it picks the section. History API only.
 */
export const CONSOLE_BASE = HOSTED_ROUTES.console;
const CHANGE = 'atrium-console-navigate';

/** The path below the console (`/blog/posts/x`), `/` for the console itself. */
export function consolePath(pathname = window.location.pathname): string {
  const rest = pathname.startsWith(CONSOLE_BASE) ? pathname.slice(CONSOLE_BASE.length) : pathname;
  return rest === '' ? '/' : rest;
}

const subscribe = (listener: () => void) => {
  window.addEventListener('popstate', listener);
  window.addEventListener(CHANGE, listener);
  return () => {
    window.removeEventListener('popstate', listener);
    window.removeEventListener(CHANGE, listener);
  };
};

/** The current console path, plus its query string (`/blog?tab=trash`). */
export function useConsoleLocation(): { path: string; search: URLSearchParams } {
  const href = useSyncExternalStore(subscribe, () => window.location.pathname + window.location.search);
  const url = new URL(href, window.location.origin);
  return { path: consolePath(url.pathname), search: url.searchParams };
}

/** A question to ask before leaving the current view (unsaved changes), or none. */
let leaveGuard: (() => string | undefined) | undefined;

/** The console's address as last shown: where the back button returns when the user stays. */
let shownUrl = window.location.pathname + window.location.search;

// The browser's back and forward buttons inside the console ask too. Registered when the module
// loads, so before the router's own listener (useConsoleLocation), which never sees a refused step.
window.addEventListener(
  'popstate',
  (event) => {
    const question = leaveGuard?.();
    if (question && !window.confirm(question)) {
      event.stopImmediatePropagation();
      window.history.pushState(null, '', shownUrl);
      return;
    }
    shownUrl = window.location.pathname + window.location.search;
  },
  { capture: true },
);

/** Registers a guard while mounted: navigating inside the console asks first, as `beforeunload` does. */
export function useLeaveGuard(message: () => string | undefined): void {
  useEffect(() => {
    leaveGuard = message;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (message()) {
        event.preventDefault();
        event.returnValue = '';
      }
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => {
      if (leaveGuard === message) leaveGuard = undefined;
      window.removeEventListener('beforeunload', onBeforeUnload);
    };
  }, [message]);
}

/** Goes to a console path (`/blog/posts/x`); false when the user chose to stay. */
export function navigate(path: string, options: { replace?: boolean; force?: boolean } = {}): boolean {
  const question = options.force ? undefined : leaveGuard?.();
  if (question && !window.confirm(question)) return false;
  const url = CONSOLE_BASE + (path === '/' ? '' : path);
  if (options.replace) window.history.replaceState(null, '', url);
  else window.history.pushState(null, '', url);
  shownUrl = window.location.pathname + window.location.search;
  window.dispatchEvent(new Event(CHANGE));
  return true;
}

/** A link inside the console: a real `href` (new tab, copy link) and in-page navigation on a plain click. */
export function ConsoleLink({
  to,
  children,
  ...anchor
}: { to: string } & AnchorHTMLAttributes<HTMLAnchorElement>) {
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    anchor.onClick?.(event);
    if (
      event.defaultPrevented ||
      event.button !== 0 ||
      event.metaKey ||
      event.ctrlKey ||
      event.shiftKey ||
      event.altKey
    ) {
      return;
    }
    event.preventDefault();
    navigate(to);
  };
  return (
    <a {...anchor} href={CONSOLE_BASE + (to === '/' ? '' : to)} onClick={onClick}>
      {children}
    </a>
  );
}
