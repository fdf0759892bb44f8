import { ADMIN_PREFIX, ADMIN_ROUTES } from '@atrium/contract/routes';
import { type FormEvent, useCallback, useEffect, useState } from 'react';
import { ApiFailure, KEY_REFUSED_EVENT, requestJson } from './api.js';
import { ConsoleShell } from './console-shell.js';
import { Button, ErrorMessage, Field, Page, StatusMessage } from './ui.js';

/** The API key stays in this tab only (sessionStorage), never in a URL or a cookie. */
const KEY_STORAGE = 'atrium-console-api-key';
const REFUSED = 'The platform refused this API key. Enter a valid one.';

/**
 * `/_hosted/console` and every path under it: the site owner's console. It asks for the API key once
 * per tab, then shows the console's sections (console-shell.tsx): members here, the blog in blog/.
 */
export function ConsolePage() {
  const [apiKey, setApiKey] = useState(() => sessionStorage.getItem(KEY_STORAGE) ?? '');
  /** 'checking' until the platform accepted the key; the refusal or failure, in words. */
  const [check, setCheck] = useState<'checking' | 'accepted'>('checking');
  const [error, setError] = useState<string>();
  const [attempt, setAttempt] = useState(0);

  const forget = useCallback((message?: string) => {
    sessionStorage.removeItem(KEY_STORAGE);
    setApiKey('');
    setCheck('checking');
    setError(message);
  }, []);

  // The key is tried once (an elevated read) before the sections open: a wrong key is refused here.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` asks again after a failure
  useEffect(() => {
    if (!apiKey) return;
    let current = true;
    setCheck('checking');
    requestJson(ADMIN_PREFIX + ADMIN_ROUTES.sitePolicy, { authorization: apiKey })
      .then(() => {
        if (current) setCheck('accepted');
      })
      .catch((failure: unknown) => {
        if (!current) return;
        if (failure instanceof ApiFailure && (failure.status === 401 || failure.status === 403)) {
          forget(REFUSED);
        } else {
          setError(failure instanceof Error ? failure.message : 'The platform did not answer.');
        }
      });
    return () => {
      current = false;
    };
  }, [apiKey, attempt]);

  // Any later refusal (the key revoked meanwhile) asks for a key again.
  useEffect(() => {
    const refused = () => forget(REFUSED);
    window.addEventListener(KEY_REFUSED_EVENT, refused);
    return () => window.removeEventListener(KEY_REFUSED_EVENT, refused);
  }, [forget]);

  if (apiKey && check === 'accepted') {
    return <ConsoleShell apiKey={apiKey} onForget={() => forget()} />;
  }
  return (
    <Page title="Console">
      <ErrorMessage message={error} />
      {apiKey ? (
        <>
          <StatusMessage message={error ? undefined : 'Checking the API key…'} />
          {error && (
            <p className="actions">
              <button
                type="button"
                onClick={() => {
                  setError(undefined);
                  setAttempt((count) => count + 1);
                }}
              >
                Try again
              </button>
              <button type="button" className="secondary" onClick={() => forget()}>
                Enter another key
              </button>
            </p>
          )}
        </>
      ) : (
        <KeyForm
          onKey={(key) => {
            sessionStorage.setItem(KEY_STORAGE, key);
            setError(undefined);
            setApiKey(key);
          }}
        />
      )}
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
