/** One layer of git's commit-graph (`objects/info/commit-graph`, or one file of a split chain). */
export interface CommitGraphLayer {
  /** It holds changed-path Bloom filters (`--changed-paths`): a log of one path skips most commits unread. */
  readonly bloom: boolean;
  /** Whether the layer holds a commit. */
  has(oid: string): boolean;
}

const SIGNATURE = 'CGPH';
const HEADER = 8;
const LOOKUP_ENTRY = 12;

/**
 * Reads the header and chunk table of a commit-graph file (git's documented format:
 * `gitformat-commit-graph`): which chunks it has, and its sorted list of commit ids; undefined for
 * bytes that are no commit-graph of a version this knows.
 */
export function parseCommitGraph(bytes: Buffer): CommitGraphLayer | undefined {
  if (bytes.length < HEADER || bytes.toString('latin1', 0, 4) !== SIGNATURE || bytes[4] !== 1) return undefined;
  const hashLength = bytes[5] === 1 ? 20 : bytes[5] === 2 ? 32 : 0;
  const chunkCount = bytes[6]!;
  if (hashLength === 0 || bytes.length < HEADER + (chunkCount + 1) * LOOKUP_ENTRY) return undefined;
  const chunks = new Map<string, number>();
  for (let i = 0; i < chunkCount; i++) {
    const at = HEADER + i * LOOKUP_ENTRY;
    chunks.set(bytes.toString('latin1', at, at + 4), Number(bytes.readBigUInt64BE(at + 4)));
  }
  const fanout = chunks.get('OIDF');
  const lookup = chunks.get('OIDL');
  if (fanout === undefined || lookup === undefined || fanout + 256 * 4 > bytes.length) return undefined;
  const count = bytes.readUInt32BE(fanout + 255 * 4);
  if (lookup + count * hashLength > bytes.length) return undefined;
  return {
    bloom: chunks.has('BIDX') && chunks.has('BDAT'),
    has(oid: string): boolean {
      if (oid.length !== hashLength * 2) return false;
      const wanted = Buffer.from(oid, 'hex');
      const first = wanted[0]!;
      let low = first === 0 ? 0 : bytes.readUInt32BE(fanout + (first - 1) * 4);
      let high = bytes.readUInt32BE(fanout + first * 4);
      while (low < high) {
        const middle = (low + high) >>> 1;
        const at = lookup + middle * hashLength;
        const order = bytes.compare(wanted, 0, hashLength, at, at + hashLength);
        if (order === 0) return true;
        if (order < 0) low = middle + 1;
        else high = middle;
      }
      return false;
    },
  };
}
