import type { RedirectIntent } from '@atrium/contract';
import type { HostedRedirectSession, RedirectCallbacks } from '@atrium/contract/types';
import { webOrigin } from '../../oauth/redirect-origins.js';
import { CALLBACK_KEYS } from './navigation.js';
import { authorizationRequestOf } from './service.js';
import type { StoredRedirectSession } from './store.js';

/** What each intent is called on the hosted pages. */
export const TARGET_LABELS: Record<RedirectIntent, string> = {
  bookingsCheckout: 'Bookings checkout',
  ecomCheckout: 'Checkout',
  eventsCheckout: 'Events checkout',
  paidPlansCheckout: 'Paid plans checkout',
  login: 'Log in',
  logout: 'Log out',
  auth: 'Sign in',
  storesProduct: 'Store product',
  bookingsBook: 'Book a service',
  ecomOrderPaymentRequest: 'Order payment',
};

/** A redirect session as the hosted pages see it: no secrets (session tokens, challenges). */
export function toHostedRedirectSession(session: StoredRedirectSession): HostedRedirectSession {
  const auth = authorizationRequestOf(session);
  return {
    id: session.id,
    intent: session.intent,
    target: { label: TARGET_LABELS[session.intent], details: targetDetails(session) },
    callbacks: webCallbacks(session.callbacks),
    ...(auth
      ? { auth: { clientId: auth.clientId, prompt: auth.prompt, responseMode: auth.responseMode } }
      : {}),
    expiresDate: session.expiresAt.toISOString(),
  };
}

/** The callbacks that are http(s) URLs: the only ones a page links or navigates to. */
export function webCallbacks(callbacks: Record<string, unknown>): RedirectCallbacks {
  const result: RedirectCallbacks = {};
  for (const key of CALLBACK_KEYS) {
    const url = callbacks[key];
    if (typeof url === 'string' && webOrigin(url) !== undefined) result[key] = url;
  }
  return result;
}

function targetDetails(session: StoredRedirectSession): Record<string, string> {
  const auth = authorizationRequestOf(session);
  if (auth) {
    return {
      clientId: auth.clientId,
      responseMode: auth.responseMode,
      prompt: auth.prompt,
      ...(auth.redirectUri === undefined ? {} : { redirectUri: auth.redirectUri }),
    };
  }
  const details: Record<string, string> = {};
  flatten(session.payload, '', details, 0);
  return details;
}

const MAX_DETAILS = 40;

/** Scalar fields as dotted paths (`slotAvailability.slot.serviceId`), a bounded number of them. */
function flatten(value: unknown, path: string, into: Record<string, string>, depth: number): void {
  if (Object.keys(into).length >= MAX_DETAILS) return;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') {
    into[path] = String(value);
  } else if (typeof value === 'object' && value !== null && depth < 6) {
    for (const [key, child] of Object.entries(value)) {
      flatten(child, path ? `${path}.${key}` : key, into, depth + 1);
    }
  }
}
