import { vi } from 'vitest';

/** A file the page saved through `saveBlob` (lib/download.ts): the link's file name and the blob behind it. */
export type Download = { name: string; href: string; blob: Blob | undefined };

/**
 * Catches the downloads the page starts (a hidden `<a download>` clicked over an object URL): each one's name and
 * blob, in order. The spies are undone by the setup's `restoreAllMocks`.
 */
export function catchDownloads(): Download[] {
  const blobs = new Map<string, Blob>();
  let n = 0;
  const downloads: Download[] = [];
  vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
    const url = `blob:test/${n++}`;
    blobs.set(url, blob as Blob);
    return url;
  });
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    downloads.push({ name: this.download, href: this.href, blob: blobs.get(this.href) });
  });
  return downloads;
}

/** A blob's text: one from a fetched answer has `text()`, jsdom's own Blob (`new Blob` in the page) does not. */
export function readText(blob: Blob): Promise<string> {
  if (typeof blob.text === 'function') return blob.text();
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('unreadable'));
    reader.readAsText(blob);
  });
}
