import { BLOG_ADMIN_API, MEMBERS_API } from '@atrium/contract/admin';
import { REGISTRATION_POLICIES } from '@atrium/contract/routes';
import type { Identity, IdentityStatusName, SitePolicy } from '@atrium/contract/types';
import { type FormEvent, useState } from 'react';
import {
  ActionMessages,
  actionsColumn,
  adminCall,
  Button,
  type Column,
  ConfirmButton,
  formatDate,
  Options,
  PagedTable,
  rowsOf,
  useAdminQuery,
  useChanges,
  usePaging,
} from '../../kit/index.js';
import { AddMemberDialog } from './add-member-dialog.js';
import { MemberPanel } from './member-panel.js';

/**
 * Members: every member with status, e-mail, sign-up and last login, searched and paged on the
 * server; approve, block, unblock, delete; the CMS editor and blog writer roles; the registration
 * policy and captcha; "Add member" (create or invite) and each member's own page (member-panel.tsx:
 * profile, sessions, reset mails, block, delete). Everything through the admin API (MEMBERS_API).
 */
const PAGE_SIZE = 20;
type MemberChange = (typeof MEMBERS_API)['approve' | 'block' | 'unblock' | 'delete'];
const STATUS_FILTERS: readonly (readonly ['' | IdentityStatusName, string])[] = [
  ['', 'All'],
  ['PENDING', 'Pending'],
  ['ACTIVE', 'Active'],
  ['BLOCKED', 'Blocked'],
];

export function MembersSection() {
  const actions = useChanges();
  const [status, setStatus] = useState<'' | IdentityStatusName>('');
  const [search, setSearch] = useState('');
  const [query, setQuery] = useState('');
  const paging = usePaging(PAGE_SIZE, [status, query]);
  const list = useAdminQuery(MEMBERS_API.list, {
    query: {
      limit: paging.limit,
      offset: paging.offset,
      status: status || undefined,
      search: query || undefined,
    },
  });
  /** The member whose page is open, instead of the list (kept up to date by the list's answers). */
  const [selected, setSelected] = useState<Identity>();
  const open = selected && (list.data?.members.find((member) => member.id === selected.id) ?? selected);

  const act = (member: Identity, verb: string, work: () => Promise<unknown>, done: string) =>
    void actions.change(`${verb} ${member.email.address}…`, work, [MEMBERS_API.list], done);

  const onSearch = (event: FormEvent) => {
    event.preventDefault();
    setQuery(search.trim());
  };

  if (open) {
    return (
      <>
        <h1 id="members-heading">Members</h1>
        <MemberPanel
          key={open.id}
          identity={open}
          onIdentity={setSelected}
          onClose={() => setSelected(undefined)}
        />
      </>
    );
  }

  const busy = actions.busy !== undefined;
  const params = (member: Identity) => ({ params: { identityId: member.id } });
  /** Approve, block, unblock or delete: one call on the member, then the list again. */
  const change = (member: Identity, verb: string, endpoint: MemberChange, outcome: string) =>
    act(member, verb, () => adminCall(endpoint, params(member)), `${member.email.address} is ${outcome}.`);
  /** A role granted (`on`) or taken back. */
  const toggleRole = (member: Identity, role: string, on: boolean, work: () => Promise<unknown>) =>
    act(
      member,
      on ? `Making a ${role} of` : `Removing the ${role} role of`,
      work,
      `${member.email.address} is ${on ? '' : 'no longer '}a ${role}.`,
    );
  const columns: Column<Identity>[] = [
    { header: 'E-mail', rowHeader: true, cell: (member) => member.email.address },
    {
      header: 'Status',
      cell: (member) => (
        <>
          {STATUS_LABELS[member.status.name] ?? member.status.name}
          {member.status.reasons.length > 0 && (
            <span className="meta"> ({member.status.reasons.map(describeReason).join(', ')})</span>
          )}
        </>
      ),
    },
    { header: 'Signed up', cell: (member) => formatDate(member.createdDate) },
    {
      header: 'Last login',
      cell: (member) => {
        const last = list.data?.details?.[member.id]?.lastLoginDate;
        return last ? formatDate(last) : 'Never';
      },
    },
    {
      header: 'Roles',
      cell: (member) => {
        const email = member.email.address;
        const details = list.data?.details?.[member.id];
        return (
          <>
            <RoleBox
              id={`editor-${member.id}`}
              label="CMS editor"
              email={email}
              checked={details?.roles?.includes('CMS_EDITOR') ?? false}
              disabled={busy}
              onChange={(on) =>
                toggleRole(member, 'CMS editor', on, () =>
                  adminCall(MEMBERS_API.setRoles, {
                    ...params(member),
                    body: { roles: on ? ['CMS_EDITOR'] : [] },
                  }),
                )
              }
            />
            <RoleBox
              id={`writer-${member.id}`}
              label="Blog writer"
              email={email}
              checked={details?.blogWriter ?? false}
              disabled={busy}
              onChange={(on) =>
                toggleRole(member, 'blog writer', on, () =>
                  adminCall(on ? BLOG_ADMIN_API.grantWriter : BLOG_ADMIN_API.revokeWriter, params(member)),
                )
              }
            />
          </>
        );
      },
    },
    actionsColumn((member) => {
      const email = member.email.address;
      return (
        <>
          <button type="button" disabled={busy} onClick={() => setSelected(member)}>
            Manage <span className="visually-hidden">{email}</span>
          </button>
          {member.status.name === 'PENDING' && (
            <button
              type="button"
              disabled={busy}
              onClick={() => change(member, 'Approving', MEMBERS_API.approve, 'approved')}
            >
              Approve <span className="visually-hidden">{email}</span>
            </button>
          )}
          {member.status.name !== 'BLOCKED' ? (
            <ConfirmButton
              label="Block"
              accessibleLabel={`Block ${email}`}
              question={`Block ${email}? Their sessions end at once and they cannot log in until unblocked.`}
              confirmLabel={`Block ${email}`}
              disabled={busy}
              onConfirm={() => change(member, 'Blocking', MEMBERS_API.block, 'blocked')}
            />
          ) : (
            <button
              type="button"
              className="secondary"
              disabled={busy}
              onClick={() => change(member, 'Unblocking', MEMBERS_API.unblock, 'unblocked')}
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
            onConfirm={() => change(member, 'Deleting', MEMBERS_API.delete, 'deleted')}
          />
        </>
      );
    }),
  ];

  return (
    <>
      <h1 id="members-heading">Members</h1>
      <ActionMessages actions={actions} />
      <section aria-labelledby="members-heading">
        <div className="toolbar">
          <AddMemberDialog />
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
              onChange={(event) => setStatus(event.target.value as '' | IdentityStatusName)}
            >
              <Options choices={STATUS_FILTERS} />
            </select>
          </div>
          <Button>Search</Button>
        </form>
        <PagedTable
          label="Members"
          columns={columns}
          {...rowsOf(list, (answer) => answer.members)}
          empty="No member matches."
          paging={{
            offset: paging.offset,
            pageSize: PAGE_SIZE,
            total: list.data?.total,
            onOffset: paging.setOffset,
          }}
        />
      </section>
      <PolicyForm />
    </>
  );
}

/** A role's checkbox in a member's row, labelled with the address for screen readers. */
function RoleBox(props: {
  id: string;
  label: string;
  email: string;
  checked: boolean;
  disabled: boolean;
  onChange: (on: boolean) => void;
}) {
  return (
    <div className="field checkbox">
      <input
        id={props.id}
        type="checkbox"
        checked={props.checked}
        disabled={props.disabled}
        onChange={(event) => props.onChange(event.target.checked)}
      />
      <label htmlFor={props.id}>
        {props.label} <span className="visually-hidden">({props.email})</span>
      </label>
    </div>
  );
}

/** The registration policy and the captcha (the site member policy). */
function PolicyForm() {
  const saved = useAdminQuery(MEMBERS_API.policy, {});
  /** The owner's edits, over the saved policy until saved. */
  const [edited, setEdited] = useState<SitePolicy>();
  const policy = edited ?? saved.data;
  const actions = useChanges();

  const save = (event: FormEvent) => {
    event.preventDefault();
    if (!policy) return;
    void actions.change(
      'Saving the policy…',
      () => adminCall(MEMBERS_API.savePolicy, { body: policy }),
      [MEMBERS_API.policy],
      () => {
        setEdited(undefined);
        return 'The site policy is saved.';
      },
    );
  };

  return (
    <section aria-labelledby="policy-heading">
      <h2 id="policy-heading">Registration and captcha</h2>
      <ActionMessages actions={actions} failure={saved.failure} />
      {policy ? (
        <form onSubmit={save}>
          <div className="field">
            <label htmlFor="registration-policy">New registrations</label>
            <select
              id="registration-policy"
              value={policy.registration}
              onChange={(event) =>
                setEdited({ ...policy, registration: event.target.value as SitePolicy['registration'] })
              }
            >
              <Options choices={REGISTRATION_POLICIES.map((name) => [name, POLICY_LABELS[name]] as const)} />
            </select>
          </div>
          <div className="field checkbox">
            <input
              id="captcha-policy"
              type="checkbox"
              checked={policy.captcha}
              onChange={(event) => setEdited({ ...policy, captcha: event.target.checked })}
            />
            <label htmlFor="captcha-policy">Require a captcha on register and login</label>
          </div>
          <Button busy={actions.busy !== undefined}>Save the policy</Button>
        </form>
      ) : (
        !saved.failure && <p aria-busy="true">Loading the policy…</p>
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
