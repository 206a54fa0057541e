/** A path as its folder and file name around the documentId: `content/articles/` + id + `.fr.json`. */
export interface PathShape {
  readonly prefix: string;
  readonly suffix: string;
}

const pathShapes = new Map<string, PathShape>();

export function shapeOfPath(path: string, documentId: string): string | PathShape {
  const at = path.lastIndexOf(`/${documentId}.`);
  if (at === -1) return path;
  return pathShape(path.slice(0, at + 1), path.slice(at + 1 + documentId.length));
}

/** The one shape of a prefix and suffix (entries of a folder share it). */
export function pathShape(prefix: string, suffix: string): PathShape {
  const key = `${prefix}\u0000${suffix}`;
  let shape = pathShapes.get(key);
  if (shape === undefined) pathShapes.set(key, (shape = { prefix, suffix }));
  return shape;
}
