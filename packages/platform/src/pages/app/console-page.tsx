import { ADMIN_PREFIX, ADMIN_ROUTES, REGISTRATION_POLICIES } from '@atrium/contract/routes';
import type { Identity, ListMembersResponse, SitePolicy } from '@atrium/contract/types';
import { type FormEvent, useCallback, useEffect, useState } from 'react';
import { ApiFailure, fillPath, requestJson } from './api.js';
import { ConsoleShell } from './console-shell.js';
import { Button, ErrorMessage, Field, Page, StatusMessage } from './ui.js';

/** The API key stays in this tab only (sessionStorage), never in a URL or a cookie. */
const KEY_STORAGE = 'atrium-console-api-key';
const admin = (path: string) => ADMIN_PREFIX + path;

/**
 * `/_hosted/console` and every path under it: the site owner's console. It asks for the API key once
 * per tab, then shows the console's sections (console-shell.tsx): members here, the blog in blog/.
 */
export function ConsolePage() {
  const [apiKey, setApiKey] = useState(() => sessionStorage.getItem(KEY_STORAGE) ?? '');
  if (apiKey) {
    return (
      <ConsoleShell
        apiKey={apiKey}
        onForget={() => {
          sessionStorage.removeItem(KEY_STORAGE);
          setApiKey('');
        }}
      />
    );
  }
  return (
    <Page title="Console">
      <KeyForm
        onKey={(key) => {
          sessionStorage.setItem(KEY_STORAGE, key);
          setApiKey(key);
        }}
      />
    </Page>
  );
}

function KeyForm({ onKey }: { onKey: (key: string) => void }) {
  const [key, setKey] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (key.trim()) onKey(key.trim());
  };
  return (
    <form onSubmit={submit}>
      <Field
        label="Site API key"
        hint="An --api-key the platform was started with. It is kept in this browser tab only."
        type="password"
        autoComplete="off"
        required
        value={key}
        onChange={(event) => setKey(event.target.value)}
      />
      <Button>Open the console</Button>
    </form>
  );
}

/** Members: approve or block pending members and set the member policy. */
export function MembersSection({ apiKey }: { apiKey: string }) {
  const [members, setMembers] = useState<Identity[]>();
  const [policy, setPolicy] = useState<SitePolicy>();
  const [error, setError] = useState<string>();
  const [status, setStatus] = useState<string>();
  const [busy, setBusy] = useState(false);

  const call = useCallback(
    <T,>(path: string, options: { method?: string; body?: unknown } = {}) =>
      requestJson<T>(admin(path), { ...options, authorization: apiKey }),
    [apiKey],
  );

  const run = useCallback(async (work: () => Promise<void>) => {
    setBusy(true);
    setError(undefined);
    try {
      await work();
    } catch (failure) {
      setStatus(undefined);
      setError(
        failure instanceof ApiFailure && failure.status === 401
          ? 'The platform does not know this API key. Forget it and enter another.'
          : failure instanceof Error
            ? failure.message
            : 'The request failed.',
      );
    } finally {
      setBusy(false);
    }
  }, []);

  const reload = useCallback(
    () =>
      run(async () => {
        const [pending, sitePolicy] = await Promise.all([
          call<ListMembersResponse>(`${ADMIN_ROUTES.listMembers}?status=PENDING`),
          call<SitePolicy>(ADMIN_ROUTES.sitePolicy),
        ]);
        setMembers(pending.members);
        setPolicy(sitePolicy);
      }),
    [run, call],
  );

  useEffect(() => {
    void reload();
  }, [reload]);

  const decide = (member: Identity, action: 'approve' | 'block') =>
    run(async () => {
      const route = action === 'approve' ? ADMIN_ROUTES.approveMember : ADMIN_ROUTES.blockMember;
      await call(fillPath(route, { identityId: member.id }), { method: 'POST' });
      setMembers((current) => current?.filter((candidate) => candidate.id !== member.id));
      setStatus(`${member.email.address} is ${action === 'approve' ? 'approved' : 'blocked'}.`);
    });

  const savePolicy = (event: FormEvent) => {
    event.preventDefault();
    if (!policy) return;
    void run(async () => {
      setPolicy(await call<SitePolicy>(ADMIN_ROUTES.sitePolicy, { method: 'PUT', body: policy }));
      setStatus('The site policy is saved.');
    });
  };

  return (
    <>
      <h1>Members</h1>
      <ErrorMessage message={error} />
      <StatusMessage message={status} />
      <section aria-labelledby="pending-heading">
        <h2 id="pending-heading">Pending members</h2>
        {members === undefined ? (
          <p>Loading…</p>
        ) : members.length === 0 ? (
          <p>No member is waiting.</p>
        ) : (
          <table>
            <thead>
              <tr>
                <th scope="col">E-mail</th>
                <th scope="col">Signed up</th>
                <th scope="col">Waiting for</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {members.map((member) => (
                <tr key={member.id}>
                  <td>{member.email.address}</td>
                  <td>
                    <time dateTime={member.createdDate}>{new Date(member.createdDate).toLocaleString()}</time>
                  </td>
                  <td>{member.status.reasons.map(describeReason).join(', ') || '—'}</td>
                  <td className="actions">
                    <button type="button" disabled={busy} onClick={() => void decide(member, 'approve')}>
                      Approve <span className="visually-hidden">{member.email.address}</span>
                    </button>
                    <button
                      type="button"
                      className="danger"
                      disabled={busy}
                      onClick={() => void decide(member, 'block')}
                    >
                      Block <span className="visually-hidden">{member.email.address}</span>
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
      {policy && (
        <section aria-labelledby="policy-heading">
          <h2 id="policy-heading">Site policy</h2>
          <form onSubmit={savePolicy}>
            <div className="field">
              <label htmlFor="registration-policy">New registrations</label>
              <select
                id="registration-policy"
                value={policy.registration}
                onChange={(event) =>
                  setPolicy({ ...policy, registration: event.target.value as SitePolicy['registration'] })
                }
              >
                {REGISTRATION_POLICIES.map((name) => (
                  <option key={name} value={name}>
                    {POLICY_LABELS[name]}
                  </option>
                ))}
              </select>
            </div>
            <div className="field checkbox">
              <input
                id="captcha-policy"
                type="checkbox"
                checked={policy.captcha}
                onChange={(event) => setPolicy({ ...policy, captcha: event.target.checked })}
              />
              <label htmlFor="captcha-policy">Require a captcha on register and login</label>
            </div>
            <Button busy={busy}>Save the policy</Button>
          </form>
        </section>
      )}
      <p className="actions">
        <button type="button" className="secondary" disabled={busy} onClick={() => void reload()}>
          Refresh
        </button>
      </p>
    </>
  );
}

const POLICY_LABELS: Record<SitePolicy['registration'], string> = {
  open: 'Open: members can log in at once',
  approval: 'Approval: the owner approves each member',
  'verify-email': 'Verify e-mail: members confirm their address with a code',
};

const describeReason = (reason: string): string =>
  reason === 'PENDING_ADMIN_APPROVAL_REQUIRED'
    ? 'approval'
    : reason === 'PENDING_EMAIL_VERIFICATION_REQUIRED'
      ? 'e-mail verification'
      : reason;
