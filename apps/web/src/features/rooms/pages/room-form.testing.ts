import { fireEvent, screen } from '@testing-library/react';
import { http } from 'msw';
import { API_BASE } from '@/lib/api-client';
import { server } from '@/test/server';

// Shared by the create and edit room tests of issue #20: a real picture file, choosing it, and what was uploaded.

export const PICTURES = `${API_BASE}/pictures`;

/** A real 1×1 PNG. */
const PNG_1X1 =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

export function pngFile(name = 'beach.png'): File {
  const bytes = Uint8Array.from(atob(PNG_1X1), (c) => c.charCodeAt(0));
  return new File([bytes], name, { type: 'image/png' });
}

/** Picks `file` in "Upload a photo" (or "Replace photo"), as the file chooser would. */
export async function choosePhoto(file: File) {
  const input = screen.queryByLabelText('Replace photo') ?? (await screen.findByLabelText('Upload a photo'));
  fireEvent.change(input, { target: { files: [file] } });
}

/** Records each POST /pictures (its Content-Type and size), then lets the mock answer. */
export function recordUploads() {
  const uploads: { type: string | null; size: number }[] = [];
  server.use(
    http.post(PICTURES, async ({ request }) => {
      uploads.push({
        type: request.headers.get('Content-Type'),
        size: (await request.clone().arrayBuffer()).byteLength,
      });
    }),
  );
  return uploads;
}
