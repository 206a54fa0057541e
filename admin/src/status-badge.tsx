/** Strapi's status words: Draft, Published, Modified. */
export function StatusBadge({ status }: { status: string | null }) {
  if (status === null || status === undefined) return null;
  const word = status === 'published' ? 'Published' : status === 'modified' ? 'Modified' : 'Draft';
  return <span class={`badge badge-${status}`}>{word}</span>;
}
