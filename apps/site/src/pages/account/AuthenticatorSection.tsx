import { StatusMessage, TextField } from '@atrium/react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { QrCode } from '../../components/QrCode';
import { fieldError, refusalOf, refusalOrNull, SECURITY_KEY, useAccountClient } from './account-client';
import { AccountForm, CodeForm, FormActions, Section } from './account-form';

/** The authenticator app (TOTP): set it up with a key and a first code; turn it off with a code or the password. */
export function AuthenticatorSection() {
  const client = useAccountClient();
  const queryClient = useQueryClient();
  const security = useQuery({ queryKey: SECURITY_KEY, queryFn: () => client.account.getMySecurity() });
  const [setup, setSetup] = useState<{ secret: string; otpauthUri: string } | null>(null);
  const [code, setCode] = useState('');
  const [done, setDone] = useState<string | null>(null);
  const secretId = useId();
  const start = useMutation({
    mutationFn: () => client.account.startTotpEnrollment(),
    onMutate: () => setDone(null),
    onSuccess: (answer) => {
      setSetup(answer);
      setCode('');
    },
  });
  const confirm = useMutation({
    mutationFn: () => client.account.confirmTotpEnrollment(code.trim()),
    onSuccess: async () => {
      setSetup(null);
      setDone('The authenticator app is on: signing in now asks for a code from it.');
      await queryClient.invalidateQueries({ queryKey: SECURITY_KEY });
    },
  });

  if (security.isPending)
    return (
      <Section id="totp-title" title="Authenticator app">
        <p>Loading…</p>
      </Section>
    );
  if (security.isError)
    return (
      <Section id="totp-title" title="Authenticator app">
        <p role="alert">Could not load your sign-in settings: {refusalOf(security.error).message}</p>
      </Section>
    );
  const enabled = security.data.factors.some((factor) => factor.factorType === 'TOTP' && factor.enabled);

  return (
    <Section id="totp-title" title="Authenticator app">
      <p data-testid="totp-status">
        {enabled
          ? 'On: signing in asks for a code from your authenticator app after your password.'
          : 'Off: add an authenticator app (such as one on your phone) so that signing in also asks for a code from it.'}
      </p>
      {!enabled && !setup && (
        <div className="atrium-actions">
          <button type="button" onClick={() => start.mutate()} disabled={start.isPending}>
            {start.isPending ? 'Preparing…' : 'Set up an authenticator app'}
          </button>
          {start.error && <p role="alert">{refusalOf(start.error).message}</p>}
        </div>
      )}
      {setup && (
        <CodeForm
          label="Confirm the authenticator app"
          fieldLabel="Code from the app"
          name="totpCode"
          code={code}
          setCode={setCode}
          error={refusalOrNull(confirm.error)?.message ?? null}
          pending={confirm.isPending}
          submitLabel="Turn on"
          pendingLabel="Checking…"
          onSubmit={() => confirm.mutate()}
          onCancel={() => setSetup(null)}
        >
          <p>
            Scan this code with your authenticator app (or add an account with the key below, or open the link
            on the phone that has the app), then enter the 6-digit code it shows.
          </p>
          <QrCode text={setup.otpauthUri} label="QR code of the authenticator key: scan it with the app" />
          <p>
            Key:{' '}
            <code id={secretId} className="account-secret" data-testid="totp-secret">
              {setup.secret}
            </code>
          </p>
          <p className="account-uri">
            <a href={setup.otpauthUri}>Open in an authenticator app</a>
            <br />
            <code data-testid="totp-uri">{setup.otpauthUri}</code>
          </p>
        </CodeForm>
      )}
      {enabled && <DisableForm onDone={setDone} />}
      <StatusMessage>{done}</StatusMessage>
    </Section>
  );
}

const PROOFS = [
  ['code', 'a code from the app'],
  ['password', 'your password'],
] as const;

/** Turns the authenticator app off: the member proves it is them with a code from the app or the password. */
function DisableForm({ onDone }: { onDone: (message: string) => void }) {
  const client = useAccountClient();
  const queryClient = useQueryClient();
  const [proof, setProof] = useState('');
  const [proofKind, setProofKind] = useState<'code' | 'password'>('code');
  const disable = useMutation({
    mutationFn: () =>
      client.account.disableTotp(proofKind === 'code' ? { code: proof.trim() } : { password: proof }),
    onSuccess: async () => {
      setProof('');
      onDone('The authenticator app is off: signing in asks for your password only.');
      await queryClient.invalidateQueries({ queryKey: SECURITY_KEY });
    },
  });
  const refusal = refusalOrNull(disable.error);

  return (
    <AccountForm label="Turn off the authenticator app" onSubmit={() => disable.mutate()}>
      <fieldset className="account-choice">
        <legend>Prove it is you with</legend>
        {PROOFS.map(([kind, text]) => (
          <label key={kind}>
            <input
              type="radio"
              name="proofKind"
              checked={proofKind === kind}
              onChange={() => setProofKind(kind)}
            />{' '}
            {text}
          </label>
        ))}
      </fieldset>
      <TextField
        label={proofKind === 'code' ? 'Code from the app' : 'Password'}
        name="totpProof"
        type={proofKind === 'code' ? 'text' : 'password'}
        inputMode={proofKind === 'code' ? 'numeric' : undefined}
        autoComplete={proofKind === 'code' ? 'one-time-code' : 'current-password'}
        value={proof}
        onChange={(event) => setProof(event.target.value)}
        error={refusal ? (fieldError(refusal, 'code', 'password') ?? refusal.message) : null}
      />
      <FormActions pending={disable.isPending} label="Turn off" pendingLabel="Turning off…" />
    </AccountForm>
  );
}
