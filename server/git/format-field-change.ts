import type { FieldChange } from './diff-fields.js';

/** Longest value shown in a change line; longer texts (a Markdown body …) are cut. */
const MAX_SHOWN = 60;

/** One change as a line: `title: 'A' → 'B'`, `categories: + design, - news`, `blocks: reordered`. */
export function formatFieldChange(change: FieldChange): string {
  switch (change.op) {
    case 'set':
      return `${change.field}: ${show(change.before)} → ${show(change.after)}`;
    case 'list':
      return `${change.field}: ${[...change.added.map((item) => `+ ${show(item, false)}`), ...change.removed.map((item) => `- ${show(item, false)}`)].join(', ')}`;
    case 'reorder':
      return `${change.field}: reordered (${change.after.map((item) => show(item, false)).join(', ')})`;
  }
}

function show(value: unknown, quote = true): string {
  if (value === null || value === undefined) return '(unset)';
  let text = typeof value === 'string' ? value : JSON.stringify(value);
  const cut = text.length > MAX_SHOWN || text.includes('\n');
  if (cut) text = `${text.split('\n')[0]!.slice(0, MAX_SHOWN)}…`;
  return typeof value === 'string' && quote ? `'${text.replaceAll("'", "\\'")}'` : text;
}
