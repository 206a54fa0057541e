import { render } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { call, setCsrfToken } from './api';
import { ChangesView } from './changes-view';
import { loadSchemas } from './boot';
import { EditView } from './edit-view';
import { ListView } from './list-view';
import { mark } from './marks';
import { MediaLibrary } from './media-library';
import type { Schemas } from './schema';
import { SignIn } from './sign-in';
import { WebhooksScreen } from './webhooks-screen';

interface Me {
  user: { email: string; firstname: string; role: string };
  roleName: string;
  csrfToken: string;
}

/** The hash route: `#/collection/<uid>[/<documentId>|/create]`, `#/single/<uid>`, `#/media`, `#/changes`, `#/webhooks`, with `?locale=`. */
function readRoute(): { parts: string[]; params: URLSearchParams } {
  const [path = '', search = ''] = location.hash.replace(/^#/, '').split('?');
  return { parts: path.split('/').filter(Boolean).map(decodeURIComponent), params: new URLSearchParams(search) };
}

function App() {
  const [me, setMe] = useState<Me | null | undefined>(undefined);
  const [schemas, setSchemas] = useState<Schemas | undefined>(undefined);
  const [route, setRoute] = useState(readRoute());

  useEffect(() => {
    const onHash = () => {
      mark('cms:route');
      setRoute(readRoute());
    };
    const onSignedOut = () => setMe(null);
    window.addEventListener('hashchange', onHash);
    window.addEventListener('cms-signed-out', onSignedOut);
    call<Me>('GET', '/users/me').then(signedIn, () => setMe(null));
    return () => {
      window.removeEventListener('hashchange', onHash);
      window.removeEventListener('cms-signed-out', onSignedOut);
    };
  }, []);

  function signedIn(value: Me) {
    setCsrfToken(value.csrfToken);
    setMe(value);
    loadSchemas().then(setSchemas);
  }

  if (me === undefined) return <p class="loading">Loading…</p>;
  if (me === null) return <SignIn onSignedIn={signedIn} />;
  if (schemas === undefined) return <p class="loading">Loading…</p>;

  const [section, uid, documentId] = route.parts;
  const type = schemas.contentTypes.find((t) => t.uid === uid);
  const locale = route.params.get('locale') ?? schemas.defaultLocale;
  let page;
  if (section === 'media') page = <MediaLibrary />;
  else if (section === 'changes') page = <ChangesView canWrite={me.user.role !== 'author'} />;
  else if (section === 'webhooks') page = <WebhooksScreen />;
  else if (type && section === 'collection' && documentId !== undefined)
    page = (
      <EditView
        key={`${uid}/${documentId}/${locale}`}
        schemas={schemas}
        type={type}
        documentId={documentId === 'create' ? undefined : documentId}
        locale={locale}
        canRename={me.user.role !== 'author'}
      />
    );
  else if (type && section === 'collection') page = <ListView key={uid} schemas={schemas} type={type} locale={locale} />;
  else if (type && section === 'single') page = <EditView key={`${uid}/${locale}`} schemas={schemas} type={type} documentId={undefined} locale={locale} />;
  else
    page = (
      <section class="home">
        <h1>Hello {me.user.firstname || me.user.email}</h1>
        <p>Choose a collection or single type on the left to edit its content.</p>
      </section>
    );

  async function signOut() {
    await call('POST', '/logout');
    setMe(null);
    location.hash = '';
  }

  const collections = schemas.contentTypes.filter((t) => t.kind === 'collectionType');
  const singles = schemas.contentTypes.filter((t) => t.kind === 'singleType');
  const current = section === undefined ? '' : `#/${section}/${uid ?? ''}`;
  return (
    <div class="layout">
      <nav class="sidebar" aria-label="Content Manager">
        <p class="brand">Content Manager</p>
        <h2>Collection types</h2>
        <ul>
          {collections.map((t) => (
            <li key={t.uid}>
              <a href={`#/collection/${t.uid}`} aria-current={current === `#/collection/${t.uid}` ? 'page' : undefined}>
                {t.displayName}
              </a>
            </li>
          ))}
        </ul>
        <h2>Single types</h2>
        <ul>
          {singles.map((t) => (
            <li key={t.uid}>
              <a href={`#/single/${t.uid}`} aria-current={current === `#/single/${t.uid}` ? 'page' : undefined}>
                {t.displayName}
              </a>
            </li>
          ))}
        </ul>
        <h2>Plugins</h2>
        <ul>
          <li>
            <a href="#/media" aria-current={section === 'media' ? 'page' : undefined}>
              Media Library
            </a>
          </li>
          <li>
            <a href="#/changes" aria-current={section === 'changes' ? 'page' : undefined}>
              Changes
            </a>
          </li>
        </ul>
        {me.user.role === 'super-admin' && (
          <>
            <h2>Settings</h2>
            <ul>
              <li>
                <a href="#/webhooks" aria-current={section === 'webhooks' ? 'page' : undefined}>
                  Webhooks
                </a>
              </li>
            </ul>
          </>
        )}
        <div class="account">
          <p>
            {me.user.email}
            <br />
            <span class="muted">{me.roleName}</span>
          </p>
          <button type="button" class="secondary" onClick={signOut}>
            Log out
          </button>
        </div>
      </nav>
      <main class="content">{page}</main>
    </div>
  );
}

render(<App />, document.getElementById('app')!);
