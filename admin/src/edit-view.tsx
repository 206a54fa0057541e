import { useEffect, useLayoutEffect, useState } from 'preact/hooks';
import { ApiFailure, call, query } from './api';
import { ChangeIdButton } from './change-id-dialog';
import { MemoField, useFieldSetters } from './fields/memo-field';
import { useDiskChangeNotice } from './disk-change-notice';
import { useDrawnMark } from './marks';
import { LocaleSelect } from './list-view';
import { type ContentTypeInfo, type Schemas, type Values, emptyComponent, toWriteBody } from './schema';
import { HistoryPanel } from './history-panel';
import { StatusBadge } from './status-badge';

interface EditorDocument {
  documentId: string;
  locale: string | null;
  status: string | null;
  values: Values;
  createdAt: string;
  updatedAt: string;
  version: string;
  locales: (string | null)[];
  referencedBy: { uid: string; displayName: string; documentId: string; label: string; attribute: string }[];
}

/** Strapi's edit view: a control per attribute, the actions, the locale, and the documents that point here. */
/** `canRename`: the signed-in administrator may change ids (Editors and Super Admins; the server checks again). */
export function EditView(props: { schemas: Schemas; type: ContentTypeInfo; documentId: string | undefined; locale: string; canRename?: boolean }) {
  const { schemas, type, documentId, locale, canRename = false } = props;
  const single = type.kind === 'singleType';
  const base = single ? `/content-manager/single-types/${type.uid}` : `/content-manager/collection-types/${type.uid}`;
  const path = single ? base : documentId === undefined ? undefined : `${base}/${encodeURIComponent(documentId)}`;
  const localeParam = type.localized ? locale : undefined;
  const [doc, setDoc] = useState<EditorDocument | null | undefined>(path === undefined ? null : undefined);
  const [values, setValues] = useState<Values>(path === undefined ? defaults(schemas, type) : {});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState('');
  const [busy, setBusy] = useState(false);
  const [conflict, setConflict] = useState(false);
  const [reloads, setReloads] = useState(0);
  const setterOf = useFieldSetters(setValues);

  // Before the browser paints "Loading…": the request leaves a frame earlier.
  useLayoutEffect(() => {
    if (path === undefined) return;
    call<EditorDocument>('GET', `${path}${query({ locale: localeParam })}`).then(
      (found) => {
        setDoc(found);
        setValues(found.values);
      },
      (failure) => {
        if (failure instanceof ApiFailure && failure.status === 404) {
          setDoc(null);
          setValues(defaults(schemas, type));
        } else setMessage(String(failure.message));
      },
    );
  }, [path, localeParam, reloads]);

  async function act(method: string, url: string, body: unknown, done: string) {
    setBusy(true);
    setErrors({});
    setMessage('');
    setConflict(false);
    try {
      const opened: Record<string, string> = doc ? { 'X-Opened-Version': doc.version } : {};
      const result = await call<EditorDocument>(method, url, body, opened);
      setMessage(done);
      if (result && !single && documentId === undefined) {
        location.hash = `#/collection/${type.uid}/${encodeURIComponent(result.documentId)}${type.localized ? `?locale=${locale}` : ''}`;
        return;
      }
      if (result) {
        setDoc(result);
        setValues(result.values);
      }
    } catch (failure) {
      if (failure instanceof ApiFailure) {
        setErrors(failure.fieldErrors);
        setMessage(failure.message);
        setConflict(failure.status === 409);
      } else setMessage(String(failure));
    } finally {
      setBusy(false);
    }
  }

  const body = () => ({ data: toWriteBody(schemas, type.attributes, values) });
  const q = query({ locale: localeParam });
  const diskNotice = useDiskChangeNotice(
    { uid: type.uid, documentId: doc?.documentId, locale: localeParam, url: `${path}${q}`, version: doc?.version, busy },
    () => setReloads((n) => n + 1),
  );
  useDrawnMark('cms:edit-drawn', doc);
  const exists = doc !== null && doc !== undefined;
  const save = () =>
    path === undefined || (!exists && !single && documentId === undefined)
      ? act('POST', `${base}${q}`, body(), 'Saved document')
      : act('PUT', `${path}${q}`, body(), 'Saved document');
  const publish = () =>
    path === undefined
      ? act('POST', `${base}${query({ locale: localeParam, publish: 'true' })}`, body(), 'Published document')
      : act('POST', `${path}/actions/publish${q}`, body(), 'Published document');
  async function remove() {
    if (!path || !confirm('Are you sure you want to delete this entry?')) return;
    try {
      await call('DELETE', `${path}${q}`);
      setMessage('Deleted document');
      if (!single) location.hash = `#/collection/${type.uid}${type.localized ? `?locale=${locale}` : ''}`;
      else {
        setDoc(null);
        setValues(defaults(schemas, type));
      }
    } catch (failure) {
      setMessage(String((failure as Error).message));
    }
  }
  async function fillFrom(code: string) {
    if (!path) return;
    let other: EditorDocument;
    try {
      other = await call<EditorDocument>('GET', `${path}${query({ locale: code })}`);
    } catch (failure) {
      setMessage(String((failure as Error).message));
      return;
    }
    // Relations to localized types name documents of the other locale: Strapi leaves them out too.
    const values = { ...other.values };
    for (const { name, attribute } of type.attributes) {
      const target = schemas.contentTypes.find((t) => t.uid === attribute.target);
      if (attribute.kind === 'relation' && target?.localized) values[name] = attribute.toMany ? [] : null;
    }
    setValues(values);
  }

  if (doc === undefined) return <p class="loading">Loading…</p>;
  const title = (type.mainField && values[type.mainField]) || (exists ? doc.documentId : 'Create an entry');
  const backHref = `#/collection/${type.uid}${type.localized ? `?locale=${locale}` : ''}`;
  return (
    <section class="edit-view">
      <header class="page-header">
        <div>
          {!single && (
            <a href={backHref} class="back">
              ← Back
            </a>
          )}
          <h1>{String(title)}</h1>
          <p class="muted">
            {type.displayName} {exists && <StatusBadge status={doc.status} />}
          </p>
        </div>
        <div class="actions">
          <button type="button" class="secondary" disabled={busy} onClick={save}>
            Save
          </button>
          {type.draftAndPublish && (
            <button type="button" disabled={busy} onClick={publish}>
              Publish
            </button>
          )}
        </div>
      </header>
      {!conflict && diskNotice}
      {message && (
        <p class={Object.keys(errors).length > 0 || conflict ? 'form-error' : 'notice'} role="status">
          {message}{' '}
          {conflict && (
            <button
              type="button"
              class="secondary"
              onClick={() => {
                setConflict(false);
                setMessage('');
                setReloads(reloads + 1);
              }}
            >
              Reload
            </button>
          )}
        </p>
      )}
      <div class="edit-grid">
        <form
          class="card fields"
          onSubmit={(e) => {
            e.preventDefault();
            save();
          }}
          noValidate
        >
          {type.attributes.map(({ name, attribute }) => (
            <MemoField
              key={name}
              schemas={schemas}
              name={name}
              attribute={attribute}
              value={values[name]}
              onChange={setterOf(name)}
              path={name}
              errors={errors}
              locale={localeParam}
              siblings={values}
            />
          ))}
        </form>
        <aside class="side">
          <div class="card">
            <h2>Entry</h2>
            {type.localized && (
              <LocaleSelect
                schemas={schemas}
                locale={locale}
                onChange={(code) =>
                  (location.hash = single ? `#/single/${type.uid}?locale=${code}` : `#/collection/${type.uid}/${documentId ?? 'create'}?locale=${code}`)
                }
              />
            )}
            {type.localized && !exists && path !== undefined && <FillFromLocale schemas={schemas} current={locale} onFill={fillFrom} />}
            {exists && (
              <dl>
                <dt>Created</dt>
                <dd>{new Date(doc.createdAt).toLocaleString()}</dd>
                <dt>Last update</dt>
                <dd>{new Date(doc.updatedAt).toLocaleString()}</dd>
                {type.localized && (
                  <>
                    <dt>Locales</dt>
                    <dd>{doc.locales.join(', ')}</dd>
                  </>
                )}
              </dl>
            )}
            {exists && type.draftAndPublish && doc.status !== 'draft' && (
              <button type="button" class="secondary" disabled={busy} onClick={() => act('POST', `${path}/actions/unpublish${q}`, {}, 'Unpublished document')}>
                Unpublish
              </button>
            )}
            {exists && doc.status === 'modified' && (
              <button type="button" class="secondary" disabled={busy} onClick={() => act('POST', `${path}/actions/discard${q}`, {}, 'Changes discarded')}>
                Discard changes
              </button>
            )}
            {exists && !single && canRename && <ChangeIdButton type={type} documentId={doc.documentId} locale={localeParam} />}
            {exists && (
              <button type="button" class="danger" disabled={busy} onClick={remove}>
                Delete this entry
              </button>
            )}
          </div>
          {exists && (
            <div class="card">
              <h2>Referenced by</h2>
              {doc.referencedBy.length === 0 ? (
                <p class="muted">No entry points to this one.</p>
              ) : (
                <ul class="references">
                  {doc.referencedBy.map((ref) => (
                    <li key={`${ref.uid}/${ref.documentId}/${ref.attribute}`}>
                      <a href={`#/collection/${ref.uid}/${encodeURIComponent(ref.documentId)}`}>{ref.label}</a>{' '}
                      <span class="muted">
                        {ref.displayName} · {ref.attribute}
                      </span>
                    </li>
                  ))}
                </ul>
              )}
            </div>
          )}
          {exists && (
            <HistoryPanel type={type} documentId={documentId} locale={localeParam} openedVersion={doc.version} onRestored={() => setReloads((n) => n + 1)} />
          )}
        </aside>
      </div>
    </section>
  );
}

function FillFromLocale({ schemas, current, onFill }: { schemas: Schemas; current: string; onFill: (code: string) => Promise<void> }) {
  const others = schemas.locales.filter((l) => l.code !== current);
  const [code, setCode] = useState(others[0]?.code ?? '');
  // While the other locale's values load, the button says so (they replace what the form holds).
  const [busy, setBusy] = useState(false);
  return (
    <div class="fill-locale">
      <p class="muted">This locale does not exist yet: saving creates it.</p>
      <label for="fill-from">Fill in from another locale</label>
      <div class="inline">
        <select id="fill-from" value={code} onChange={(e) => setCode((e.target as HTMLSelectElement).value)}>
          {others.map((l) => (
            <option key={l.code} value={l.code}>
              {l.name}
            </option>
          ))}
        </select>
        <button
          type="button"
          class="secondary"
          disabled={busy}
          aria-busy={busy}
          onClick={() => {
            setBusy(true);
            void onFill(code).finally(() => setBusy(false));
          }}
        >
          {busy ? 'Filling in…' : 'Fill in'}
        </button>
      </div>
    </div>
  );
}

/** A new document's values: the schema's defaults, empty lists and components. */
function defaults(schemas: Schemas, type: ContentTypeInfo): Values {
  const values: Values = {};
  for (const { name, attribute } of type.attributes) {
    if (attribute.kind === 'scalar' && attribute.default !== undefined) values[name] = attribute.default;
    else if (attribute.kind === 'component' && attribute.required && !attribute.repeatable) values[name] = emptyComponent(schemas, attribute.component!);
  }
  return values;
}
