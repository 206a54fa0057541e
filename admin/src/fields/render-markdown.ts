/** A small, safe Markdown preview: headings, lists, quotes, code, emphasis and links; all text escaped. */
export function renderMarkdown(source: string): string {
  const lines = source.split('\n');
  const out: string[] = [];
  let list: 'ul' | 'ol' | undefined;
  let code: string[] | undefined;
  let paragraph: string[] = [];
  const flush = () => {
    if (paragraph.length > 0) out.push(`<p>${inline(paragraph.join(' '))}</p>`);
    paragraph = [];
    if (list) out.push(`</${list}>`);
    list = undefined;
  };
  for (const line of lines) {
    if (code) {
      if (line.startsWith('```')) {
        out.push(`<pre><code>${escape(code.join('\n'))}</code></pre>`);
        code = undefined;
      } else code.push(line);
      continue;
    }
    if (line.startsWith('```')) {
      flush();
      code = [];
      continue;
    }
    const heading = /^(#{1,6})\s+(.*)$/.exec(line);
    const bullet = /^\s*[-*]\s+(.*)$/.exec(line);
    const numbered = /^\s*\d+\.\s+(.*)$/.exec(line);
    if (heading) {
      flush();
      out.push(`<h${heading[1]!.length}>${inline(heading[2]!)}</h${heading[1]!.length}>`);
    } else if (bullet || numbered) {
      const kind = bullet ? 'ul' : 'ol';
      if (paragraph.length > 0 || list !== kind) flush();
      if (list === undefined) out.push(`<${kind}>`);
      list = kind;
      out.push(`<li>${inline((bullet ?? numbered)![1]!)}</li>`);
    } else if (line.startsWith('>')) {
      flush();
      out.push(`<blockquote>${inline(line.replace(/^>\s?/, ''))}</blockquote>`);
    } else if (line.trim() === '') flush();
    else paragraph.push(line);
  }
  if (code) out.push(`<pre><code>${escape(code.join('\n'))}</code></pre>`);
  flush();
  return out.join('\n');
}

function inline(text: string): string {
  return escape(text)
    .replace(/`([^`]+)`/g, '<code>$1</code>')
    .replace(/\*\*([^*]+)\*\*/g, '<strong>$1</strong>')
    .replace(/\*([^*]+)\*/g, '<em>$1</em>')
    .replace(/\[([^\]]+)\]\(((?:https?:\/\/|\/)[^\s)]*)\)/g, '<a href="$2" rel="noopener noreferrer">$1</a>');
}

function escape(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}
