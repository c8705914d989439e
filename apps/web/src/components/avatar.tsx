import { useState } from 'react';
import { personName } from '@/lib/person-name';

const sizes = {
  xs: 'size-8 text-xs',
  sm: 'size-10 text-sm',
  md: 'size-12 text-base',
  lg: 'size-24 text-3xl',
} as const;

const dotSizes = { xs: 'size-2.5', sm: 'size-3', md: 'size-3.5', lg: 'size-5' } as const;

// Light tint with a dark shade of the same hue: every pair meets WCAG AA for the initials.
const palettes = [
  'bg-brand-100 dark:bg-brand-950/40 text-brand-800 dark:text-brand-300',
  'bg-emerald-100 dark:bg-emerald-950/40 text-emerald-800 dark:text-emerald-300',
  'bg-amber-100 dark:bg-amber-950/40 text-amber-800 dark:text-amber-300',
  'bg-sky-100 dark:bg-sky-950/40 text-sky-800 dark:text-sky-300',
  'bg-rose-100 dark:bg-rose-950/40 text-rose-800 dark:text-rose-300',
  'bg-teal-100 dark:bg-teal-950/40 text-teal-800 dark:text-teal-300',
];

/** "dev_patel" → "DP", "Chloe Ng" → "CN", "ada" → "A": the first letter of up to two name parts. */
export function initialsOf(name: string): string {
  const parts = name.split(/[\s._-]+/).filter(Boolean);
  const letters = parts.length > 1 ? [parts[0], parts[1]] : [parts[0] ?? '?'];
  return (
    letters
      .map((part) => Array.from(part ?? '')[0] ?? '')
      .join('')
      .toUpperCase() || '?'
  );
}

function paletteOf(username: string): string {
  let hash = 0;
  for (const char of username) hash = (hash * 31 + (char.codePointAt(0) ?? 0)) >>> 0;
  return palettes[hash % palettes.length] ?? palettes[0]!;
}

interface AvatarProps {
  /** Picks the colour, so that it stays when the person renames themselves. */
  username: string;
  /** The initials come from the display name where one is set (docs/api/README.md#shapes), else the username. */
  displayName?: string | null;
  /** An https URL or "" (docs/api/README.md#shapes): "" or a picture that fails to load draws the initials. */
  pictureUrl: string;
  size?: keyof typeof sizes;
  /** Draws a green presence dot; the row says "Online" in words. */
  online?: boolean;
}

/** Decorative: the person's name always stands next to it. */
export function Avatar({ username, displayName, pictureUrl, size = 'md', online = false }: AvatarProps) {
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const showPicture = pictureUrl !== '' && failedUrl !== pictureUrl;

  return (
    <span aria-hidden="true" className={`relative inline-flex shrink-0 ${sizes[size]}`}>
      {showPicture ? (
        <img
          src={pictureUrl}
          alt=""
          loading="lazy"
          referrerPolicy="no-referrer"
          onError={() => setFailedUrl(pictureUrl)}
          className="size-full rounded-full bg-slate-200 object-cover"
        />
      ) : (
        <span
          data-testid="avatar-initials"
          className={`flex size-full items-center justify-center rounded-full font-semibold ${paletteOf(username)}`}
        >
          {initialsOf(personName({ username, displayName }))}
        </span>
      )}
      {online && (
        <span
          data-testid="online-dot"
          className={`absolute right-0 bottom-0 rounded-full bg-emerald-500 ring-2 ring-surface ${dotSizes[size]}`}
        />
      )}
    </span>
  );
}
