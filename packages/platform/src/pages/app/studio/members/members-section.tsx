import {
  ADMIN_PREFIX,
  ADMIN_ROUTES,
  DATA_ADMIN_ROUTES,
  REGISTRATION_POLICIES,
} from '@atrium/contract/routes';
import type { Identity, IdentityStatusName, ListMembersResponse, SitePolicy } from '@atrium/contract/types';
import { type FormEvent, useCallback, useEffect, useState } from 'react';
import {
  Button,
  ConfirmButton,
  ErrorMessage,
  fillPath,
  formatDate,
  requestJson,
  StatusMessage,
  TableScroll,
  useActions,
} from '../../kit/index.js';
import { AddMemberDialog, MemberPanel } from './member-panel.js';

/**
 * Members: every member with status, e-mail, sign-up and last login, searched and paged on the
 * server; approve, block, unblock, delete; the CMS editor and blog writer roles; the registration
 * policy and captcha; "Add member" (create or invite) and each member's own page (member-panel.tsx:
 * profile, sessions, reset mails, block, delete). Everything through the admin API
 * (`/_api/atrium-admin/v1/…`) and the members service.
 */
const PAGE_SIZE = 20;
const BLOG_WRITER_ROUTE = '/v1/members/{identityId}/blog-writer';
const STATUS_FILTERS: readonly { value: '' | IdentityStatusName; label: string }[] = [
  { value: '', label: 'All' },
  { value: 'PENDING', label: 'Pending' },
  { value: 'ACTIVE', label: 'Active' },
  { value: 'BLOCKED', label: 'Blocked' },
];

export function MembersSection() {
  const call = useCallback(
    <T,>(path: string, options: { method?: string; body?: unknown } = {}) =>
      requestJson<T>(ADMIN_PREFIX + path, options),
    [],
  );
  const actions = useActions();
  const [status, setStatus] = useState<'' | IdentityStatusName>('');
  const [search, setSearch] = useState('');
  const [query, setQuery] = useState('');
  const [page, setPage] = useState(0);
  const [result, setResult] = useState<ListMembersResponse>();
  const [loadError, setLoadError] = useState<string>();
  /** The member whose page is open, instead of the list. */
  const [selected, setSelected] = useState<Identity>();

  const load = useCallback(async () => {
    const params = new URLSearchParams({ limit: String(PAGE_SIZE), offset: String(page * PAGE_SIZE) });
    if (status) params.set('status', status);
    if (query) params.set('search', query);
    try {
      const answer = await call<ListMembersResponse>(`${ADMIN_ROUTES.listMembers}?${params}`);
      setResult(answer);
      setSelected((open) => open && (answer.members.find((member) => member.id === open.id) ?? open));
      setLoadError(undefined);
    } catch (failure) {
      setLoadError(failure instanceof Error ? failure.message : 'The members could not be loaded.');
    }
  }, [call, page, status, query]);

  useEffect(() => {
    void load();
  }, [load]);

  const total = result?.total ?? result?.members.length ?? 0;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));

  const act = (member: Identity, verb: string, work: () => Promise<unknown>, done: string) =>
    actions.run(`${verb} ${member.email.address}…`, async () => {
      await work();
      await load();
      return done;
    });

  const onSearch = (event: FormEvent) => {
    event.preventDefault();
    setPage(0);
    setQuery(search.trim());
  };

  if (selected) {
    return (
      <>
        <h1 id="members-heading">Members</h1>
        <MemberPanel
          key={selected.id}
          identity={selected}
          onChanged={() => void load()}
          onClose={() => setSelected(undefined)}
        />
      </>
    );
  }

  return (
    <>
      <h1 id="members-heading">Members</h1>
      <ErrorMessage message={actions.error ?? loadError} />
      <StatusMessage message={actions.status} />
      <section aria-labelledby="members-heading">
        <div className="toolbar">
          <AddMemberDialog onAdded={() => void load()} />
        </div>
        <form className="inline-form" onSubmit={onSearch}>
          <div className="field">
            <label htmlFor="member-search">E-mail contains</label>
            <input
              id="member-search"
              type="search"
              value={search}
              onChange={(event) => setSearch(event.target.value)}
            />
          </div>
          <div className="field">
            <label htmlFor="member-status">Status</label>
            <select
              id="member-status"
              value={status}
              onChange={(event) => {
                setPage(0);
                setStatus(event.target.value as '' | IdentityStatusName);
              }}
            >
              {STATUS_FILTERS.map((filter) => (
                <option key={filter.value} value={filter.value}>
                  {filter.label}
                </option>
              ))}
            </select>
          </div>
          <Button>Search</Button>
        </form>
        {result === undefined ? (
          loadError ? null : (
            <p aria-busy="true">Loading the members…</p>
          )
        ) : result.members.length === 0 ? (
          <p>No member matches.</p>
        ) : (
          <TableScroll label="Members table">
            <table>
              <caption className="visually-hidden">Members, page {page + 1}</caption>
              <thead>
                <tr>
                  <th scope="col">E-mail</th>
                  <th scope="col">Status</th>
                  <th scope="col">Signed up</th>
                  <th scope="col">Last login</th>
                  <th scope="col">Roles</th>
                  <th scope="col">
                    <span className="visually-hidden">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {result.members.map((member) => {
                  const email = member.email.address;
                  const details = result.details?.[member.id];
                  const writer = details?.blogWriter ?? false;
                  const editor = details?.roles?.includes('CMS_EDITOR') ?? false;
                  const busy = actions.busy !== undefined;
                  const live = member.status.name !== 'BLOCKED';
                  return (
                    <tr key={member.id} data-member={email}>
                      <th scope="row">{email}</th>
                      <td>
                        {STATUS_LABELS[member.status.name] ?? member.status.name}
                        {member.status.reasons.length > 0 && (
                          <span className="meta">
                            {' '}
                            ({member.status.reasons.map(describeReason).join(', ')})
                          </span>
                        )}
                      </td>
                      <td>{formatDate(member.createdDate)}</td>
                      <td>{details?.lastLoginDate ? formatDate(details.lastLoginDate) : 'Never'}</td>
                      <td>
                        <div className="field checkbox">
                          <input
                            id={`editor-${member.id}`}
                            type="checkbox"
                            checked={editor}
                            disabled={busy}
                            onChange={(event) => {
                              const on = event.target.checked;
                              void act(
                                member,
                                on ? 'Making a CMS editor of' : 'Removing the CMS editor role of',
                                () =>
                                  call(fillPath(DATA_ADMIN_ROUTES.memberRoles, { identityId: member.id }), {
                                    method: 'PUT',
                                    body: { roles: on ? ['CMS_EDITOR'] : [] },
                                  }),
                                on ? `${email} is a CMS editor.` : `${email} is no longer a CMS editor.`,
                              );
                            }}
                          />
                          <label htmlFor={`editor-${member.id}`}>
                            CMS editor <span className="visually-hidden">({email})</span>
                          </label>
                        </div>
                        <div className="field checkbox">
                          <input
                            id={`writer-${member.id}`}
                            type="checkbox"
                            checked={writer}
                            disabled={busy}
                            onChange={(event) => {
                              const on = event.target.checked;
                              void act(
                                member,
                                on ? 'Making a blog writer of' : 'Removing the blog writer role of',
                                () =>
                                  call(fillPath(BLOG_WRITER_ROUTE, { identityId: member.id }), {
                                    method: on ? 'POST' : 'DELETE',
                                  }),
                                on ? `${email} is a blog writer.` : `${email} is no longer a blog writer.`,
                              );
                            }}
                          />
                          <label htmlFor={`writer-${member.id}`}>
                            Blog writer <span className="visually-hidden">({email})</span>
                          </label>
                        </div>
                      </td>
                      <td className="actions">
                        <button type="button" disabled={busy} onClick={() => setSelected(member)}>
                          Manage <span className="visually-hidden">{email}</span>
                        </button>
                        {member.status.name === 'PENDING' && (
                          <button
                            type="button"
                            disabled={busy}
                            onClick={() =>
                              void act(
                                member,
                                'Approving',
                                () =>
                                  call(fillPath(ADMIN_ROUTES.approveMember, { identityId: member.id }), {
                                    method: 'POST',
                                  }),
                                `${email} is approved.`,
                              )
                            }
                          >
                            Approve <span className="visually-hidden">{email}</span>
                          </button>
                        )}
                        {live ? (
                          <ConfirmButton
                            label="Block"
                            accessibleLabel={`Block ${email}`}
                            question={`Block ${email}? Their sessions end at once and they cannot log in until unblocked.`}
                            confirmLabel={`Block ${email}`}
                            disabled={busy}
                            onConfirm={() =>
                              void act(
                                member,
                                'Blocking',
                                () =>
                                  call(fillPath(ADMIN_ROUTES.blockMember, { identityId: member.id }), {
                                    method: 'POST',
                                  }),
                                `${email} is blocked.`,
                              )
                            }
                          />
                        ) : (
                          <button
                            type="button"
                            className="secondary"
                            disabled={busy}
                            onClick={() =>
                              void act(
                                member,
                                'Unblocking',
                                () =>
                                  call(fillPath(ADMIN_ROUTES.unblockMember, { identityId: member.id }), {
                                    method: 'POST',
                                  }),
                                `${email} is unblocked.`,
                              )
                            }
                          >
                            Unblock <span className="visually-hidden">{email}</span>
                          </button>
                        )}
                        <ConfirmButton
                          label="Delete"
                          accessibleLabel={`Delete ${email}`}
                          question={`Delete ${email}? The member is removed for good and their sessions end; their blog posts and data items pass to the site.`}
                          confirmLabel={`Delete ${email}`}
                          disabled={busy}
                          onConfirm={() =>
                            void act(
                              member,
                              'Deleting',
                              () =>
                                call(fillPath(ADMIN_ROUTES.member, { identityId: member.id }), {
                                  method: 'DELETE',
                                }),
                              `${email} is deleted.`,
                            )
                          }
                        />
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </TableScroll>
        )}
        {result && (
          <nav className="pager" aria-label="Pages">
            <button
              type="button"
              className="secondary"
              disabled={page === 0}
              onClick={() => setPage(page - 1)}
            >
              Previous page
            </button>
            <span>
              Page {page + 1} of {pages} · {total} {total === 1 ? 'member' : 'members'}
            </span>
            <button
              type="button"
              className="secondary"
              disabled={page + 1 >= pages}
              onClick={() => setPage(page + 1)}
            >
              Next page
            </button>
          </nav>
        )}
      </section>
      <PolicyForm call={call} />
    </>
  );
}

/** The registration policy and the captcha (the site member policy). */
function PolicyForm({
  call,
}: {
  call: <T>(path: string, options?: { method?: string; body?: unknown }) => Promise<T>;
}) {
  const [policy, setPolicy] = useState<SitePolicy>();
  const actions = useActions();
  useEffect(() => {
    call<SitePolicy>(ADMIN_ROUTES.sitePolicy)
      .then(setPolicy)
      .catch((failure: unknown) =>
        actions.setError(failure instanceof Error ? failure.message : 'The policy could not be read.'),
      );
  }, [call, actions.setError]);

  const save = (event: FormEvent) => {
    event.preventDefault();
    if (!policy) return;
    void actions.run('Saving the policy…', async () => {
      setPolicy(await call<SitePolicy>(ADMIN_ROUTES.sitePolicy, { method: 'PUT', body: policy }));
      return 'The site policy is saved.';
    });
  };

  return (
    <section aria-labelledby="policy-heading">
      <h2 id="policy-heading">Registration and captcha</h2>
      <ErrorMessage message={actions.error} />
      <StatusMessage message={actions.status} />
      {policy ? (
        <form onSubmit={save}>
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
          <Button busy={actions.busy !== undefined}>Save the policy</Button>
        </form>
      ) : (
        !actions.error && <p aria-busy="true">Loading the policy…</p>
      )}
    </section>
  );
}

const STATUS_LABELS: Partial<Record<IdentityStatusName, string>> = {
  PENDING: 'Pending',
  ACTIVE: 'Active',
  BLOCKED: 'Blocked',
  DELETED: 'Deleted',
};

const POLICY_LABELS: Record<SitePolicy['registration'], string> = {
  open: 'Open: members can log in at once',
  approval: 'Approval: the owner approves each member',
  'verify-email': 'Verify e-mail: members confirm their address with a code',
};

const describeReason = (reason: string): string =>
  reason === 'PENDING_ADMIN_APPROVAL_REQUIRED'
    ? 'waiting for approval'
    : reason === 'PENDING_EMAIL_VERIFICATION_REQUIRED'
      ? 'e-mail not verified'
      : reason;
