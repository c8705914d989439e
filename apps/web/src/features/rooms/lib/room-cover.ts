import type { UploadedPicture } from '../api/upload-picture';

// The cover of a room in the create and edit forms: one of the six presets, or the host's own photo. The form
// keeps both, so that picking a preset and back does not lose an uploaded photo.

/** The `cover` radio value of the uploaded photo (the presets' values are their URLs). */
export const OWN_PICTURE = 'own';

export interface CoverValues {
  /** A preset's URL, or `OWN_PICTURE`. */
  cover: string;
  picture: UploadedPicture | null;
}

/**
 * What to send: `imageUrl` stays a preset (clients that know nothing of uploads show it), `pictureId` names the
 * photo, or null for none. With the photo chosen but its id unknown (a room's URL in an unexpected shape),
 * `pictureId` is left out: unchanged.
 */
export function coverFields(
  { cover, picture }: CoverValues,
  fallbackPreset: string,
): { imageUrl: string; pictureId?: string | null } {
  if (cover !== OWN_PICTURE) return { imageUrl: cover, pictureId: null };
  if (!picture) return { imageUrl: fallbackPreset, pictureId: null };
  return picture.id ? { imageUrl: fallbackPreset, pictureId: picture.id } : { imageUrl: fallbackPreset };
}
