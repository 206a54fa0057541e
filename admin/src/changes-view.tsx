import { SelectAllHeader } from './select-all-header';
import { useEffect, useState } from 'preact/hooks';
import { call } from './api';
import { type ChangedFile, changeBadge, isNotARepository, versionTag } from './git-types';

interface ChangedDocument {
  address: string;
  uid: string;
  documentId: string | null;
  kind: 'collectionType' | 'singleType';
  displayName: string;
  label: string;
  change: 'created' | 'edited' | 'deleted';
  files: (ChangedFile & { hash: string | null })[];
}

interface Changes {
  branch: string | null;
  head: string | null;
  operation: string | null;
  conflicted: string[];
  documents: ChangedDocument[];
  files: { path: string; change: 'created' | 'edited' | 'deleted'; hash: string | null; area: string }[];
}

/** One row of the screen: a document (all its files) or a media, schema or other file. */
interface Row {
  key: string;
  target: { documents: string[] } | { paths: string[] };
  hashes: [string, string | null][];
}

/**
 * The Changes screen: what changed under content/, uploads/ and schemas/ since the last commit, per
 * entry with the fields that changed; pick some, then commit them with a message (you are the
 * author) or discard them (after a confirmation). The server refuses either when a file changed
 * since this list was shown.
 */
export function ChangesView({ canWrite }: { canWrite: boolean }) {
  const [changes, setChanges] = useState<Changes | undefined>(undefined);
  const [problem, setProblem] = useState('');
  const [selected, setSelected] = useState<string[]>([]);
  const [message, setMessage] = useState('');
  const [notice, setNotice] = useState<{ text: string; error: boolean } | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  const [reloads, setReloads] = useState(0);

  useEffect(() => {
    call<Changes>('GET', '/changes').then(
      (data) => {
        setChanges(data);
        setProblem('');
        const keys = new Set(rowsOf(data).map((row) => row.key));
        setSelected((old) => old.filter((key) => keys.has(key)));
      },
      (failure) =>
        setProblem(isNotARepository(failure) ? 'This project is not in a git repository: run git init to see and commit changes here.' : failure.message),
    );
  }, [reloads]);

  if (problem !== '')
    return (
      <section>
        <h1>Changes</h1>
        <p class="form-error" role="alert">
          {problem}
        </p>
      </section>
    );
  if (changes === undefined) return <p class="loading">Loading…</p>;

  const rows = rowsOf(changes);
  const chosen = rows.filter((row) => selected.includes(row.key));
  const toggle = (key: string) => setSelected(selected.includes(key) ? selected.filter((k) => k !== key) : [...selected, key]);
  const bodyOf = () => ({
    documents: chosen.flatMap((row) => ('documents' in row.target ? row.target.documents : [])),
    paths: chosen.flatMap((row) => ('paths' in row.target ? row.target.paths : [])),
    hashes: Object.fromEntries(chosen.flatMap((row) => row.hashes)),
  });

  async function act(action: 'commit' | 'discard') {
    if (
      action === 'discard' &&
      !confirm(`Discard the changes to ${chosen.length} item(s)? Their files go back to the last commit; created entries are removed.`)
    )
      return;
    setBusy(true);
    setNotice(undefined);
    try {
      if (action === 'commit') {
        const result = await call<{ commit: string; files: string[] }>('POST', '/changes/commit', { message, ...bodyOf() });
        setNotice({ text: `Committed ${result.files.length} file(s) as ${result.commit.slice(0, 7)}`, error: false });
        setMessage('');
      } else {
        const result = await call<{ restored: string[]; removed: string[] }>('POST', '/changes/discard', bodyOf());
        setNotice({ text: `Discarded: ${result.restored.length} file(s) restored, ${result.removed.length} removed`, error: false });
      }
      setSelected([]);
    } catch (failure) {
      setNotice({ text: String((failure as Error).message), error: true });
    } finally {
      setBusy(false);
      setReloads((n) => n + 1);
    }
  }

  const where = changes.branch === null ? `HEAD detached at ${changes.head?.slice(0, 7) ?? '(no commit)'}` : `On branch ${changes.branch}`;
  return (
    <section class="changes">
      <header class="page-header">
        <div>
          <h1>Changes</h1>
          <p class="muted">
            {where} · {rows.length} item(s) changed since the last commit
          </p>
        </div>
        <div class="actions">
          <button type="button" class="secondary" onClick={() => setReloads((n) => n + 1)}>
            Refresh
          </button>
        </div>
      </header>
      {changes.operation !== null && (
        <p class="form-error" role="alert">
          A {changes.operation} is in progress: finish or abort it in git. Commit and discard wait until then.
        </p>
      )}
      {changes.branch === null && (
        <p class="form-error" role="alert">
          HEAD is detached: check out a branch before committing.
        </p>
      )}
      {changes.conflicted.length > 0 && (
        <div class="form-error" role="alert">
          <p>Files in conflict (resolve them in git; cms leaves them as they are):</p>
          <ul>
            {changes.conflicted.map((path) => (
              <li key={path}>{path}</li>
            ))}
          </ul>
        </div>
      )}
      {notice && (
        <p class={notice.error ? 'form-error' : 'notice'} role="status">
          {notice.text}
        </p>
      )}
      {rows.length === 0 ? (
        <p class="card muted">Nothing changed since the last commit.</p>
      ) : (
        <table>
          <thead>
            <tr>
              <SelectAllHeader label="Select all changes" keys={rows.map((r) => r.key)} selected={selected} onSelect={setSelected} />
              <th scope="col">Entry</th>
              <th scope="col">Type</th>
              <th scope="col">Change</th>
              <th scope="col">Fields</th>
            </tr>
          </thead>
          <tbody>
            {changes.documents.map((document) => (
              <tr key={document.address}>
                <td>
                  <input
                    type="checkbox"
                    aria-label={`Select ${document.label}`}
                    checked={selected.includes(`doc:${document.address}`)}
                    onChange={() => toggle(`doc:${document.address}`)}
                  />
                </td>
                <td>
                  {document.change === 'deleted' ? document.label : <a href={editHref(document)}>{document.label}</a>}
                  <br />
                  <span class="muted">{document.address}</span>
                </td>
                <td>{document.displayName}</td>
                <td>
                  <span class={changeBadge(document.change)}>{document.change}</span>
                </td>
                <td style={WRAP}>
                  {document.files.map((file) => (
                    <div key={file.path}>
                      {(document.files.length > 1 || versionTag(file) !== '') && (
                        <span class="muted">
                          {file.change} {versionTag(file)}
                        </span>
                      )}
                      <ul class="references">
                        {file.fields.map((field) => (
                          <li key={field.field}>{field.summary}</li>
                        ))}
                        {file.error !== undefined && <li class="muted">Not readable: {file.error}</li>}
                      </ul>
                    </div>
                  ))}
                </td>
              </tr>
            ))}
            {changes.files.map((file) => (
              <tr key={file.path}>
                <td>
                  <input
                    type="checkbox"
                    aria-label={`Select ${file.path}`}
                    checked={selected.includes(`path:${file.path}`)}
                    onChange={() => toggle(`path:${file.path}`)}
                  />
                </td>
                <td>{file.path}</td>
                <td>{file.area === 'media' ? 'Media' : file.area === 'schema' ? 'Schema' : 'File'}</td>
                <td>
                  <span class={changeBadge(file.change)}>{file.change}</span>
                </td>
                <td />
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {rows.length > 0 && !canWrite && <p class="muted">Editors and Super Admins commit and discard changes.</p>}
      {rows.length > 0 && canWrite && (
        <form
          class="card"
          onSubmit={(e) => {
            e.preventDefault();
            act('commit');
          }}
        >
          <div class="field">
            <label for="commit-message">Commit message</label>
            <textarea id="commit-message" rows={3} value={message} onInput={(e) => setMessage((e.target as HTMLTextAreaElement).value)} />
          </div>
          <div class="actions">
            <button type="submit" disabled={busy || chosen.length === 0 || message.trim() === ''}>
              Commit {chosen.length > 0 ? `${chosen.length} item(s)` : ''}
            </button>
            <button type="button" class="danger" disabled={busy || chosen.length === 0} onClick={() => act('discard')}>
              Discard
            </button>
          </div>
        </form>
      )}
    </section>
  );
}

/** The fields cell wraps its lines (table cells are cut to one line elsewhere). */
const WRAP = { whiteSpace: 'normal', maxWidth: 'none' } as const;

function rowsOf(changes: Changes): Row[] {
  return [
    ...changes.documents.map((d) => ({
      key: `doc:${d.address}`,
      target: { documents: [d.address] },
      hashes: d.files.map((f): [string, string | null] => [f.path, f.hash]),
    })),
    ...changes.files.map((f) => ({ key: `path:${f.path}`, target: { paths: [f.path] }, hashes: [[f.path, f.hash] as [string, string | null]] })),
  ];
}

/** The edit view of the entry, in the locale of its first changed file. */
function editHref(document: ChangedDocument): string {
  const locale = document.files.find((file) => file.change !== 'deleted')?.locale;
  const search = locale === null || locale === undefined ? '' : `?locale=${locale}`;
  if (document.kind === 'singleType') return `#/single/${document.uid}${search}`;
  return `#/collection/${document.uid}/${encodeURIComponent(document.documentId ?? '')}${search}`;
}
