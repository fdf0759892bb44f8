import type { HostedRedirectSession } from '@atrium/contract/types';
import { CallbackLinks, Page } from './kit/index.js';

/**
 * A commerce target (checkout, booking, plan, product, payment): the local platform hosts no
 * such flow, so the page names the target and its details and offers the site's links onward.
 */
export function TargetPage({ session }: { session: HostedRedirectSession }) {
  const details = Object.entries(session.target.details);
  return (
    <Page title={session.target.label}>
      <p>
        The site sent you to <strong>{session.target.label}</strong>. The local platform does not run this
        flow; continue with one of the site's links below.
      </p>
      {details.length > 0 && (
        <>
          <h2>Details</h2>
          <dl className="details">
            {details.map(([name, value]) => (
              <div key={name}>
                <dt>{name}</dt>
                <dd>
                  <code>{value}</code>
                </dd>
              </div>
            ))}
          </dl>
        </>
      )}
      <h2>Continue to</h2>
      <CallbackLinks callbacks={session.callbacks} />
    </Page>
  );
}
