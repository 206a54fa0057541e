import { useEffect, useState } from 'preact/hooks';
import { call, query } from './api';
import { type ChangedFile, changeBadge, isNotARepository, versionTag } from './git-types';
import type { ContentTypeInfo } from './schema';

interface HistoryCommit {
  commit: string;
  author: { name: string; email: string };
  date: string;
  message: string;
  files: (ChangedFile & { from?: string })[];
}

/** Commits asked for per page; "Show more" asks for this many more. */
const PAGE = 20;

/**
 * The edit view's History panel: the commits that touched this entry (this locale), newest first;
 * one opened shows the fields it changed, the version itself, and "Restore this version", which
 * saves it through the normal write path and has the form reload.
 */
export function HistoryPanel({
  type,
  documentId,
  locale,
  openedVersion,
  onRestored,
}: {
  type: ContentTypeInfo;
  documentId: string | undefined;
  locale: string | undefined;
  openedVersion: string;
  onRestored: () => void;
}) {
  const base =
    type.kind === 'singleType' ? `/history/single-types/${type.uid}` : `/history/collection-types/${type.uid}/${encodeURIComponent(documentId ?? '')}`;
  const [commits, setCommits] = useState<HistoryCommit[] | undefined>(undefined);
  const [hasMore, setHasMore] = useState(false);
  const [limit, setLimit] = useState(PAGE);
  const [problem, setProblem] = useState('');
  const [open, setOpen] = useState<string | undefined>(undefined);
  const [shown, setShown] = useState<{ commit: string; text: string } | undefined>(undefined);
  const [message, setMessage] = useState<{ text: string; error: boolean } | undefined>(undefined);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    call<{ commits: HistoryCommit[]; hasMore: boolean }>('GET', `${base}${query({ locale, limit })}`).then(
      (data) => {
        setCommits(data.commits);
        setHasMore(data.hasMore);
      },
      (failure) => setProblem(isNotARepository(failure) ? 'This project is not in a git repository: there is no history to show.' : String(failure.message)),
    );
  }, [base, locale, limit]);

  async function restore(commit: HistoryCommit) {
    if (!confirm(`Restore the version of ${commit.commit.slice(0, 7)} (${commit.message})? The form takes its values; commit it from Changes.`)) return;
    setBusy(true);
    setMessage(undefined);
    try {
      const result = await call<{ dropped: string[]; keptPublished: boolean }>(
        'POST',
        `${base}/${commit.commit}/restore${query({ locale })}`,
        {},
        { 'X-Opened-Version': openedVersion },
      );
      const notes = [
        result.keptPublished ? 'it was a draft: it is the draft now, the published version stays' : '',
        result.dropped.length > 0 ? `left out what no longer exists: ${result.dropped.join(', ')}` : '',
      ].filter(Boolean);
      setMessage({ text: `Restored the version of ${commit.commit.slice(0, 7)}${notes.length > 0 ? ` (${notes.join('; ')})` : ''}`, error: false });
      onRestored();
    } catch (failure) {
      setMessage({ text: String((failure as Error).message), error: true });
    } finally {
      setBusy(false);
    }
  }

  async function show(commit: HistoryCommit) {
    if (shown?.commit === commit.commit) return setShown(undefined);
    try {
      const data = await call<{ versions: { path: string; data: unknown }[] }>('GET', `${base}/${commit.commit}${query({ locale })}`);
      setShown({ commit: commit.commit, text: JSON.stringify(data.versions.length === 1 ? data.versions[0]!.data : data.versions, null, 2) });
    } catch (failure) {
      setMessage({ text: String((failure as Error).message), error: true });
    }
  }

  return (
    <section class="card history" aria-labelledby="history-title">
      <h2 id="history-title">History</h2>
      {problem !== '' && <p class="muted">{problem}</p>}
      {commits !== undefined && commits.length === 0 && <p class="muted">No commit holds this entry yet.</p>}
      {commits !== undefined && commits.length > 0 && (
        <ol class="references">
          {commits.map((commit) => {
            const isOpen = open === commit.commit;
            // Before a rename the files had another name: that version is shown, not restored here.
            const restorable = commit.files.some((file) => file.change !== 'deleted' && isUnderCurrentName(file.path, documentId));
            return (
              <li key={commit.commit}>
                <button
                  type="button"
                  class="link"
                  aria-expanded={isOpen}
                  aria-controls={`commit-${commit.commit}`}
                  onClick={() => setOpen(isOpen ? undefined : commit.commit)}
                >
                  {commit.message || '(no message)'}
                </button>
                <br />
                <span class="muted">
                  {commit.author.name} · <time dateTime={commit.date}>{new Date(commit.date).toLocaleString()}</time> · {commit.commit.slice(0, 7)}
                </span>
                {isOpen && (
                  <div id={`commit-${commit.commit}`}>
                    <ul>
                      {commit.files.map((file) => (
                        <li key={file.path}>
                          <span class={changeBadge(file.change)}>{file.change}</span> {versionTag(file)}
                          {file.from !== undefined && <span class="muted"> from {file.from}</span>}
                          <ul>
                            {file.fields.map((field) => (
                              <li key={field.field}>{field.summary}</li>
                            ))}
                            {file.error !== undefined && <li class="muted">Not readable: {file.error}</li>}
                          </ul>
                        </li>
                      ))}
                    </ul>
                    {!restorable && <p class="muted">This version cannot be restored here (the entry was deleted or had another id).</p>}
                    <div class="actions">
                      {restorable && (
                        <button type="button" disabled={busy} onClick={() => restore(commit)}>
                          Restore this version
                        </button>
                      )}
                      {restorable && (
                        <button type="button" class="secondary" aria-pressed={shown?.commit === commit.commit} onClick={() => show(commit)}>
                          Show this version
                        </button>
                      )}
                    </div>
                    {shown?.commit === commit.commit && (
                      <pre
                        class="version"
                        style={{ overflow: 'auto', maxHeight: '20rem', fontSize: '0.8rem' }}
                        tabIndex={0}
                        aria-label={`The version of ${commit.commit.slice(0, 7)}`}
                      >
                        {shown.text}
                      </pre>
                    )}
                  </div>
                )}
              </li>
            );
          })}
        </ol>
      )}
      {hasMore && (
        <button type="button" class="secondary" onClick={() => setLimit(limit + PAGE)}>
          Show more
        </button>
      )}
      {message && (
        <p class={message.error ? 'form-error' : 'notice'} role="status">
          {message.text}
        </p>
      )}
    </section>
  );
}

/** Whether a file path names the entry by its current documentId (single types: always). */
function isUnderCurrentName(path: string, documentId: string | undefined): boolean {
  return documentId === undefined || path.slice(path.lastIndexOf('/') + 1).split('.')[0] === documentId;
}
