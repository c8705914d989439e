import { useState } from 'react';

// Light tint with a dark shade of the same hue (the friends list's palette): AA contrast for the initials.
const palettes = [
  'bg-brand-100 text-brand-800',
  'bg-emerald-100 text-emerald-800',
  'bg-amber-100 text-amber-800',
  'bg-sky-100 text-sky-800',
  'bg-rose-100 text-rose-800',
  'bg-teal-100 text-teal-800',
];

function initialsOf(username: string): string {
  const parts = username.split(/[\s._-]+/).filter(Boolean);
  const letters = parts.slice(0, parts.length > 1 ? 2 : 1).map((part) => Array.from(part)[0] ?? '');
  return letters.join('').toUpperCase() || '?';
}

function paletteOf(username: string): string {
  let hash = 0;
  for (const char of username) hash = (hash * 31 + (char.codePointAt(0) ?? 0)) >>> 0;
  return palettes[hash % palettes.length] ?? palettes[0]!;
}

/** Decorative (the name is beside it): the picture, or initials when there is none or it fails to load. */
export function ChatAvatar({ username, pictureUrl }: { username: string; pictureUrl: string }) {
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  if (pictureUrl !== '' && failedUrl !== pictureUrl) {
    return (
      <img
        aria-hidden="true"
        src={pictureUrl}
        alt=""
        loading="lazy"
        referrerPolicy="no-referrer"
        onError={() => setFailedUrl(pictureUrl)}
        className="size-8 shrink-0 rounded-full bg-slate-200 object-cover"
      />
    );
  }
  return (
    <span
      aria-hidden="true"
      data-testid="avatar-initials"
      className={`flex size-8 shrink-0 items-center justify-center rounded-full text-xs font-semibold ${paletteOf(username)}`}
    >
      {initialsOf(username)}
    </span>
  );
}
