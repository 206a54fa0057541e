import { SelectAllHeader } from './select-all-header';
import { useEffect, useLayoutEffect, useState } from 'preact/hooks';
import { ApiFailure, call, query } from './api';
import { useTypeChanges } from './live-changes';
import { useDrawnMark } from './marks';
import type { ContentTypeInfo, Schemas } from './schema';
import { StatusBadge } from './status-badge';

interface ListAnswer {
  results: Record<string, any>[];
  columns: string[];
  pagination: { page: number; pageSize: number; pageCount: number; total: number };
}

/** Strapi's list view: search, sortable columns, status, pagination, locale, bulk actions. */
export function ListView({ schemas, type, locale }: { schemas: Schemas; type: ContentTypeInfo; locale: string }) {
  const [answer, setAnswer] = useState<ListAnswer | undefined>(undefined);
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState('');
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(10);
  const [selected, setSelected] = useState<string[]>([]);
  const [message, setMessage] = useState('');
  const [reload, setReload] = useState(0);
  const [filters, setFilters] = useState('');
  const localeParam = type.localized ? locale : undefined;
  // Documents of this type changed (here, elsewhere, on disk): the page is read again.
  useTypeChanges(type.uid, () => setReload((n) => n + 1));
  useDrawnMark('cms:list-drawn', answer);

  // Before the browser paints "Loading…": the request leaves a frame earlier.
  useLayoutEffect(() => {
    const params = query({ _q: search, sort, 'pagination[page]': page, 'pagination[pageSize]': pageSize, locale: localeParam });
    // Filters in the API's own language (filters[featured][$eq]=true&…), passed as typed.
    const extra = filters.trim() === '' ? '' : `${params === '' ? '?' : '&'}${filters.trim().replace(/^[?&]+/, '')}`;
    call<ListAnswer>('GET', `/content-manager/collection-types/${type.uid}${params}${extra}`).then(
      (found) => {
        setAnswer(found);
        setMessage('');
      },
      (e) => setMessage(String(e.message)),
    );
  }, [type.uid, search, sort, page, pageSize, localeParam, reload, filters]);

  async function bulk(action: string, label: string) {
    if (action === 'bulkDelete' && !confirm(`Delete ${selected.length} entries?`)) return;
    try {
      const result = await call<{ count: number }>('POST', `/content-manager/collection-types/${type.uid}/actions/${action}${query({ locale: localeParam })}`, {
        documentIds: selected,
      });
      setMessage(`${label}: ${result.count} entries`);
      setSelected([]);
      setReload(reload + 1);
    } catch (failure) {
      setMessage(failure instanceof ApiFailure ? failure.message : String(failure));
    }
  }

  const toggleSort = (column: string) => setSort(sort === `${column}:asc` ? `${column}:desc` : `${column}:asc`);
  const rows = answer?.results ?? [];
  const createHref = `#/collection/${type.uid}/create${type.localized ? `?locale=${locale}` : ''}`;
  return (
    <section class="list-view">
      <header class="page-header">
        <div>
          <h1>{type.displayName}</h1>
          <p class="muted">{answer ? `${answer.pagination.total} entries found` : 'Loading…'}</p>
        </div>
        <a class="button" href={createHref}>
          Create new entry
        </a>
      </header>
      <div class="toolbar">
        <label class="search">
          <span class="visually-hidden">Search</span>
          <input
            type="search"
            placeholder="Search"
            value={search}
            onInput={(e) => {
              setSearch((e.target as HTMLInputElement).value);
              setPage(1);
            }}
          />
        </label>
        <label class="search filters">
          <span class="visually-hidden">Filters</span>
          <input
            type="text"
            placeholder="Filters, e.g. filters[featured][$eq]=true"
            onChange={(e) => {
              setFilters((e.target as HTMLInputElement).value);
              setPage(1);
            }}
          />
        </label>
        {type.localized && <LocaleSelect schemas={schemas} locale={locale} onChange={(code) => (location.hash = `#/collection/${type.uid}?locale=${code}`)} />}
        {selected.length > 0 && (
          <div class="bulk" role="group" aria-label="Bulk actions">
            <span>{selected.length} entries selected</span>
            {type.draftAndPublish && (
              <button type="button" onClick={() => bulk('bulkPublish', 'Published')}>
                Publish
              </button>
            )}
            {type.draftAndPublish && (
              <button type="button" class="secondary" onClick={() => bulk('bulkUnpublish', 'Unpublished')}>
                Unpublish
              </button>
            )}
            <button type="button" class="danger" onClick={() => bulk('bulkDelete', 'Deleted')}>
              Delete
            </button>
          </div>
        )}
      </div>
      {message && (
        <p class="notice" role="status">
          {message}
        </p>
      )}
      <table>
        <thead>
          <tr>
            <SelectAllHeader label="Select all entries" keys={rows.map((row) => row['documentId'])} selected={selected} onSelect={setSelected} />
            {(answer?.columns ?? []).map((column) => (
              <th scope="col" key={column} aria-sort={sort === `${column}:asc` ? 'ascending' : sort === `${column}:desc` ? 'descending' : undefined}>
                <button type="button" class="link" onClick={() => toggleSort(column)}>
                  {column}
                  {sort.startsWith(`${column}:`) ? (sort.endsWith('asc') ? ' ▲' : ' ▼') : ''}
                </button>
              </th>
            ))}
            {type.draftAndPublish && <th scope="col">Status</th>}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => {
            const href = `#/collection/${type.uid}/${encodeURIComponent(row['documentId'])}${type.localized ? `?locale=${locale}` : ''}`;
            return (
              <tr key={row['documentId']}>
                <td>
                  <input
                    type="checkbox"
                    aria-label={`Select ${row[answer!.columns[0]!] ?? row['documentId']}`}
                    checked={selected.includes(row['documentId'])}
                    onChange={() =>
                      setSelected(selected.includes(row['documentId']) ? selected.filter((id) => id !== row['documentId']) : [...selected, row['documentId']])
                    }
                  />
                </td>
                {answer!.columns.map((column, i) => (
                  <td key={column}>{i === 0 ? <a href={href}>{cell(row[column]) || row['documentId']}</a> : cell(row[column])}</td>
                ))}
                {type.draftAndPublish && (
                  <td>
                    <StatusBadge status={row['status']} />
                  </td>
                )}
              </tr>
            );
          })}
        </tbody>
      </table>
      {answer && (
        <nav class="pagination" aria-label="Pagination">
          <label>
            Entries per page{' '}
            <select
              value={String(pageSize)}
              onChange={(e) => {
                setPageSize(Number((e.target as HTMLSelectElement).value));
                setPage(1);
              }}
            >
              {[10, 20, 50, 100].map((n) => (
                <option key={n}>{n}</option>
              ))}
            </select>
          </label>
          <button type="button" class="secondary" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            Previous
          </button>
          <span>
            Page {answer.pagination.page} of {Math.max(1, answer.pagination.pageCount)}
          </span>
          <button type="button" class="secondary" disabled={page >= answer.pagination.pageCount} onClick={() => setPage(page + 1)}>
            Next
          </button>
        </nav>
      )}
    </section>
  );
}

function cell(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string' && /^\d{4}-\d\d-\d\dT[\d:.]+Z$/.test(value)) return new Date(value).toLocaleString();
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  return String(value);
}

export function LocaleSelect({
  schemas,
  locale,
  onChange,
  label = 'Locale',
}: {
  schemas: Schemas;
  locale: string;
  onChange: (code: string) => void;
  label?: string;
}) {
  return (
    <label class="locale">
      {label}{' '}
      <select value={locale} onChange={(e) => onChange((e.target as HTMLSelectElement).value)}>
        {schemas.locales.map((l) => (
          <option key={l.code} value={l.code}>
            {l.name}
          </option>
        ))}
      </select>
    </label>
  );
}
