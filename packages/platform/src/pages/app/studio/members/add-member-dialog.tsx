import { MEMBERS_API } from '@atrium/contract/admin';
import { type FormEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { EmailField, PasswordField } from '../../account-fields.js';
import { adminCall, Button, Field, useActions, useInvalidate } from '../../kit/index.js';
import { Outcome, SentNotice } from './member-outcome.js';

/**
 * "Add member": a modal dialog (Escape and Cancel close it, focus returns to the button) to create
 * a member who can sign in at once, or invite them by e-mail to choose their password.
 */
export function AddMemberDialog() {
  const dialog = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const [open, setOpen] = useState(false);
  const [mode, setMode] = useState<'invite' | 'create'>('invite');
  const [values, setValues] = useState({
    email: '',
    password: '',
    firstName: '',
    lastName: '',
    nickname: '',
  });
  const actions = useActions();
  const invalidate = useInvalidate();
  const [notice, setNotice] = useState<ReactNode>();

  useEffect(() => {
    if (open) dialog.current?.showModal();
    else if (dialog.current?.open) dialog.current.close();
  }, [open]);

  const close = () => {
    setOpen(false);
    opener.current?.focus();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setNotice(undefined);
    void actions.run(mode === 'invite' ? 'Inviting…' : 'Creating the member…', async () => {
      const optional = (value: string) => (value.trim() === '' ? undefined : value.trim());
      const answer = await adminCall(MEMBERS_API.create, {
        body: {
          email: values.email.trim(),
          firstName: optional(values.firstName),
          lastName: optional(values.lastName),
          nickname: optional(values.nickname),
          ...(mode === 'invite' ? { invite: true } : values.password ? { password: values.password } : {}),
        },
      });
      await invalidate(MEMBERS_API.list);
      setValues({ email: '', password: '', firstName: '', lastName: '', nickname: '' });
      if (answer.invitation) {
        setNotice(
          <>
            Invited. <SentNotice to={answer.invitation.sentTo} />
          </>,
        );
        return undefined;
      }
      return `${answer.identity.email.address} is a member and can sign in${values.password ? '' : ' once they set a password (send them a reset)'}.`;
    });
  };

  const set = (key: keyof typeof values) => (value: string) => setValues({ ...values, [key]: value });

  return (
    <>
      <button type="button" ref={opener} onClick={() => setOpen(true)}>
        Add member
      </button>
      {open && (
        <dialog
          ref={dialog}
          className="confirm"
          aria-labelledby={titleId}
          onClose={close}
          // Within the screen at a phone's height too: the form scrolls inside the dialog.
          style={{ maxHeight: 'calc(100dvh - 2rem)', overflowY: 'auto' }}
        >
          <h2 id={titleId}>Add a member</h2>
          <Outcome actions={actions} notice={notice} />
          <form onSubmit={submit} className="stack">
            <fieldset>
              <legend>How</legend>
              {ADD_MODES.map((choice) => (
                <div className="field checkbox" key={choice.mode}>
                  <input
                    id={`${titleId}-${choice.mode}`}
                    type="radio"
                    name="add-mode"
                    checked={mode === choice.mode}
                    onChange={() => setMode(choice.mode)}
                  />
                  <label htmlFor={`${titleId}-${choice.mode}`}>{choice.label}</label>
                </div>
              ))}
            </fieldset>
            <EmailField autoComplete="off" value={values.email} onValue={set('email')} />
            {mode === 'create' && (
              <PasswordField
                label="Password (optional)"
                isNew
                required={false}
                hint="At least 6 characters. Without one, send them a password reset."
                value={values.password}
                onValue={set('password')}
              />
            )}
            {NAME_FIELDS.map(([key, label]) => (
              <Field
                key={key}
                label={`${label} (optional)`}
                value={values[key]}
                onChange={(event) => set(key)(event.target.value)}
              />
            ))}
            <div className="actions">
              <Button busy={actions.busy !== undefined}>
                {mode === 'invite' ? 'Send the invitation' : 'Create member'}
              </Button>
              <button type="button" className="secondary" onClick={close}>
                Close
              </button>
            </div>
          </form>
        </dialog>
      )}
    </>
  );
}

const ADD_MODES = [
  { mode: 'invite', label: 'Invite by e-mail (they choose a password)' },
  { mode: 'create', label: 'Create the account now (active at once)' },
] as const;

const NAME_FIELDS = [
  ['firstName', 'First name'],
  ['lastName', 'Last name'],
  ['nickname', 'Nickname'],
] as const;
