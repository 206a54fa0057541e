/** A file of the media library as the editor's routes answer it. */
export interface MediaFile {
  id: number;
  url: string;
  name: string;
  mime: string;
  alternativeText: string | null;
  caption?: string | null;
  thumbnail?: string | null;
  width?: number | null;
  height?: number | null;
  size?: number;
  ext?: string;
  hash?: string;
  formats?: unknown;
  previewUrl?: string | null;
  provider?: string;
  provider_metadata?: unknown;
  createdAt?: string;
  updatedAt?: string;
}
