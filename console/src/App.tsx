import { useEffect, useState } from 'react';
import { setUnauthorizedHandler } from './api';
import { clearSession, hasRole, readSession, type Session } from './auth';
import { PAGES } from './pages';
import { TokenScreen } from './TokenScreen';

function pageFromHash(): string {
  return window.location.hash.replace(/^#\/?/, '').split('?')[0];
}

export function App() {
  const [session, setSession] = useState<Session | null>(() => readSession());
  const [signedOutReason, setSignedOutReason] = useState<string | null>(null);
  const [pageId, setPageId] = useState(pageFromHash);

  useEffect(() => {
    setUnauthorizedHandler((error) => {
      setSession(null);
      setSignedOutReason(`${error.code}: ${error.message}`);
    });
    const onHash = () => setPageId(pageFromHash());
    window.addEventListener('hashchange', onHash);
    return () => window.removeEventListener('hashchange', onHash);
  }, []);

  if (!session) {
    return (
      <TokenScreen
        reason={signedOutReason}
        onSignedIn={(s) => {
          setSignedOutReason(null);
          setSession(s);
        }}
      />
    );
  }

  const visible = PAGES.filter((p) => hasRole(session, p.roles));
  const page = visible.find((p) => p.id === pageId) ?? visible[0];
  const Page = page.component;

  return (
    <>
      <a
        className="skip"
        href="#main"
        onClick={(e) => {
          // the hash names the page: move focus without changing it
          e.preventDefault();
          document.getElementById('main')?.focus();
        }}
      >
        Skip to content
      </a>
      <header className="top">
        <h1>Query Expansion Console</h1>
        <nav aria-label="Pages">
          <ul>
            {visible.map((p) => (
              <li key={p.id}>
                <a href={`#/${p.id}`} aria-current={p.id === page.id ? 'page' : undefined}>
                  {p.title}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <div className="who">
          <span data-testid="signed-in-as">
            {session.sub} ({session.roles.join(', ')})
          </span>
          <button
            type="button"
            onClick={() => {
              clearSession();
              setSession(null);
            }}
          >
            Sign out
          </button>
        </div>
      </header>
      <main id="main" tabIndex={-1}>
        <h2>{page.title}</h2>
        <Page key={page.id} session={session} />
      </main>
    </>
  );
}
