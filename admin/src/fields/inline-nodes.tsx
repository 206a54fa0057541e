type Node = Record<string, any>;

const EMPTY_TEXT = (): Node => ({ type: 'text', text: '' });

/**
 * Whether inline nodes are one run of unformatted text (edited as one text); anything else (links,
 * bold or italic runs, other nodes) is edited piece by piece so that none of it is lost.
 */
export function isPlainInline(children: unknown): boolean {
  return Array.isArray(children) && children.every((child) => child?.type === 'text' && Object.keys(child).every((key) => key === 'type' || key === 'text'));
}

const MARKS = ['bold', 'italic', 'underline', 'strikethrough', 'code'] as const;

/** A text run's marks, as words for its label, and as its look. */
function marksOf(node: Node): { words: string; style: Record<string, string> } {
  const on = MARKS.filter((mark) => node[mark] === true);
  const style: Record<string, string> = {};
  if (on.includes('bold')) style['fontWeight'] = 'bold';
  if (on.includes('italic')) style['fontStyle'] = 'italic';
  const lines = [on.includes('underline') ? 'underline' : '', on.includes('strikethrough') ? 'line-through' : ''].filter(Boolean);
  if (lines.length > 0) style['textDecoration'] = lines.join(' ');
  if (on.includes('code')) style['fontFamily'] = 'monospace';
  return { words: on.length === 0 ? '' : ` (${on.join(', ')})`, style };
}

/** A link, as Strapi's blocks hold it: its url and its text. */
export function newLink(): Node {
  return { type: 'link', url: '', children: [EMPTY_TEXT()] };
}

/**
 * The children of a paragraph as Strapi's blocks editor leaves them: a text node before, between
 * and after links (empty when there is no text), never two plain text nodes with the same marks in a row.
 */
export function normalizeInline(children: readonly Node[]): Node[] {
  const out: Node[] = [];
  for (const child of children) {
    const last = out[out.length - 1];
    if (child['type'] === 'text' && last?.['type'] === 'text' && sameMarks(last, child)) {
      out[out.length - 1] = { ...last, text: `${last['text']}${child['text']}` };
      continue;
    }
    if (child['type'] !== 'text' && last?.['type'] !== 'text') out.push(EMPTY_TEXT());
    out.push(child);
  }
  if (out[out.length - 1]?.['type'] !== 'text') out.push(EMPTY_TEXT());
  return out;
}

function sameMarks(a: Node, b: Node): boolean {
  const marks = (node: Node) =>
    Object.keys(node)
      .filter((key) => key !== 'type' && key !== 'text')
      .sort()
      .map((key) => `${key}=${String(node[key])}`)
      .join(',');
  return marks(a) === marks(b);
}

function linkText(link: Node): string {
  return Array.isArray(link['children']) ? link['children'].map((child: Node) => (typeof child?.['text'] === 'string' ? child['text'] : '')).join('') : '';
}

/** Inline nodes edited piece by piece: each text run (its marks kept), and each link's text and url. */
export function InlineEditor({ id, label, children, onChange }: { id: string; label: string; children: Node[]; onChange: (children: Node[]) => void }) {
  const set = (i: number, node: Node) => onChange(children.map((child, j) => (j === i ? node : child)));
  return (
    <div class="inline-nodes" role="group" aria-label={label}>
      {children.map((child, i) =>
        child['type'] === 'link' ? (
          <fieldset class="link-node" key={i}>
            <legend>Link</legend>
            <label for={`${id}-${i}-text`}>Link text</label>
            <input
              id={`${id}-${i}-text`}
              value={linkText(child)}
              onInput={(e) => set(i, { ...child, children: [{ type: 'text', text: e.currentTarget.value }] })}
            />
            <label for={`${id}-${i}-url`}>URL</label>
            <input id={`${id}-${i}-url`} type="url" value={child['url'] ?? ''} onInput={(e) => set(i, { ...child, url: e.currentTarget.value })} />
            <button
              type="button"
              class="link"
              onClick={() => onChange(normalizeInline(children.map((c, j) => (j === i ? { type: 'text', text: linkText(child) } : c))))}
            >
              Remove the link (keep its text)
            </button>
          </fieldset>
        ) : child['type'] === 'text' ? (
          <span key={i}>
            <label for={`${id}-${i}`} class="visually-hidden">
              {label}, text {i + 1}
              {marksOf(child).words}
            </label>
            <input
              id={`${id}-${i}`}
              class="text-node"
              style={marksOf(child).style}
              value={child['text'] ?? ''}
              onInput={(e) => set(i, { ...child, text: e.currentTarget.value })}
            />
          </span>
        ) : (
          <span key={i} class="muted">
            {String(child['type'])} (kept as it is)
          </span>
        ),
      )}
    </div>
  );
}
