import { useState, type FormEvent } from 'react';
import { call, describeError } from './api';
import { saveSession, sessionFromToken, type Session } from './auth';
import { Busy } from './components/Status';

/**
 * Sign-in: the user pastes a bearer token (the admin token the service prints at start in development, or one from
 * `npm run token`). It is checked with one call before it is kept for this tab.
 */
export function TokenScreen({ reason, onSignedIn }: { reason: string | null; onSignedIn: (s: Session) => void }) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const session = sessionFromToken(text);
    if (!session) {
      setError('That is not a bearer token with sub, roles and exp claims.');
      return;
    }
    if (session.exp * 1000 <= Date.now()) {
      setError('That token has expired.');
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await call('GET', '/synonyms', { query: { limit: 1 }, token: session.token });
      saveSession(session);
      onSignedIn(session);
    } catch (err) {
      setError(describeError(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <main id="main" className="token-screen">
      <h1>Query Expansion Console</h1>
      {reason && (
        <p className="error" role="alert">
          You were signed out: {reason}
        </p>
      )}
      <form onSubmit={(e) => void submit(e)}>
        <label htmlFor="token">Bearer token</label>
        <textarea id="token" rows={5} value={text} onChange={(e) => setText(e.target.value)} spellCheck={false} required />
        <p className="hint">
          In development the service prints an admin token when it starts; otherwise make one with <code>npm run token -- --sub alice --roles curator</code>.
          The token is kept in this tab only and cleared on sign-out.
        </p>
        {error && (
          <p className="error" role="alert">
            {error}
          </p>
        )}
        <button type="submit" disabled={busy}>
          Sign in
        </button>
        {busy && <Busy label="Checking the token…" />}
      </form>
    </main>
  );
}
