import { isPlainObject } from '../config/is-plain-object.js';
import type { ContentIndex } from '../content-index/content-index.js';
import type { AttributeSet } from '../schema/content-type.js';

/** Adds to `out` the uploads/ paths a document's data references, at any depth, with their format files. */
export function collectMediaPaths(index: ContentIndex, set: AttributeSet, data: Readonly<Record<string, unknown>>, out: Set<string>): void {
  for (const [name, attribute] of set.attributes) {
    const value = data[name];
    switch (attribute.kind) {
      case 'media':
        for (const path of Array.isArray(value) ? value : [value]) if (typeof path === 'string') addMedia(index, path, out);
        break;
      case 'component':
      case 'dynamiczone':
        for (const item of Array.isArray(value) ? value : [value]) {
          if (!isPlainObject(item)) continue;
          const uid = attribute.kind === 'component' ? attribute.component : item['__component'];
          const component = typeof uid === 'string' ? index.registry.components.get(uid) : undefined;
          if (component) collectMediaPaths(index, component, item, out);
        }
        break;
      default:
        break;
    }
  }
}

function addMedia(index: ContentIndex, path: string, out: Set<string>): void {
  const record = index.media.findByPath(path);
  if (record === undefined) return;
  out.add(record.path);
  // Generated formats (thumbnail, small …) live beside the file; their urls point into uploads/.
  if (isPlainObject(record.data.formats)) {
    for (const format of Object.values(record.data.formats)) {
      const url = isPlainObject(format) ? format['url'] : undefined;
      if (typeof url === 'string' && url.startsWith('/uploads/')) out.add(url.slice('/uploads/'.length));
    }
  }
}
