import type { MediaFile } from '../media-file';

/** The keys of an image that Strapi's image block keeps, in its order. */
const IMAGE_KEYS = [
  'name',
  'alternativeText',
  'url',
  'caption',
  'width',
  'height',
  'formats',
  'hash',
  'ext',
  'mime',
  'size',
  'previewUrl',
  'provider',
  'provider_metadata',
  'createdAt',
  'updatedAt',
] as const;

/** An image block of Strapi's blocks for a file of the media library. */
export function imageBlock(file: MediaFile): Record<string, unknown> {
  const image: Record<string, unknown> = {};
  for (const key of IMAGE_KEYS) image[key] = (file as unknown as Record<string, unknown>)[key] ?? null;
  return { type: 'image', image, children: [{ type: 'text', text: '' }] };
}

/** An image block as the form shows it: the picture and its name. */
export function ImagePreview({ block }: { block: Record<string, any> }) {
  const image = block['image'] ?? {};
  return (
    <figure class="image-block">
      {typeof image.url === 'string' && <img src={image.url} alt={image.alternativeText ?? ''} />}
      <figcaption>{image.name ?? image.url ?? 'Image'}</figcaption>
    </figure>
  );
}
