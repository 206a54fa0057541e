const STRING = /"[^"\\]*(?:\\.[^"\\]*)*"/y;
const LITERAL = /[^,}\]\s]*/y;
const SPACE = /[ \t\r\n]*/y;
const PLAIN = /[^"{}[\]]*/y;

/**
 * Where each top-level value of a JSON object text is (start and end offsets), found without
 * parsing the values: long values are then kept as the text they were written as. For a text that
 * JSON.parse accepted as an object; undefined when a key repeats (JSON.parse keeps the last one).
 */
export function topLevelSpans(text: string): Map<string, [number, number]> | undefined {
  const spans = new Map<string, [number, number]>();
  let i = skipSpace(text, 0);
  if (text.charCodeAt(i) !== 0x7b) return undefined;
  i = skipSpace(text, i + 1);
  while (text.charCodeAt(i) === 0x22) {
    const keyEnd = skipString(text, i);
    const raw = text.slice(i, keyEnd);
    const key = raw.includes('\\') ? (JSON.parse(raw) as string) : raw.slice(1, -1);
    i = skipSpace(text, keyEnd);
    if (text.charCodeAt(i) !== 0x3a) return undefined;
    const start = skipSpace(text, i + 1);
    const end = skipValue(text, start);
    if (spans.has(key)) return undefined;
    spans.set(key, [start, end]);
    i = skipSpace(text, end);
    if (text.charCodeAt(i) === 0x2c) i = skipSpace(text, i + 1);
  }
  return text.charCodeAt(i) === 0x7d ? spans : undefined;
}

function skipSpace(text: string, at: number): number {
  SPACE.lastIndex = at;
  SPACE.test(text);
  return SPACE.lastIndex;
}

function skipString(text: string, at: number): number {
  STRING.lastIndex = at;
  if (!STRING.test(text)) throw new Error('unterminated string');
  return STRING.lastIndex;
}

function skipValue(text: string, at: number): number {
  const first = text.charCodeAt(at);
  if (first === 0x22) return skipString(text, at);
  if (first !== 0x7b && first !== 0x5b) {
    LITERAL.lastIndex = at;
    LITERAL.test(text);
    return LITERAL.lastIndex;
  }
  let depth = 0;
  let i = at;
  for (;;) {
    const c = text.charCodeAt(i);
    if (c === 0x22) {
      i = skipString(text, i);
      continue;
    }
    if (c === 0x7b || c === 0x5b) depth++;
    else if (c === 0x7d || c === 0x5d) {
      depth--;
      if (depth === 0) return i + 1;
    } else if (Number.isNaN(c)) throw new Error('unterminated value');
    PLAIN.lastIndex = i + 1;
    PLAIN.test(text);
    i = PLAIN.lastIndex;
  }
}
