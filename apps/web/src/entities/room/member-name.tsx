import type { ReactNode } from 'react';
import { useI18n, useT } from '@/lib/i18n/use-t';

/**
 * The "guest" mark after a guest's name (docs/guests.md): someone in this room from its guest link, without an
 * account. A small pill a screen reader reads as part of the name ("Mei, guest").
 */
export function GuestMark(): ReactNode {
  const t = useT();
  return (
    <>
      <span className="sr-only">, </span>
      <span className="ml-1.5 inline-block shrink-0 rounded-full bg-amber-100 px-2 py-0.5 align-middle text-xs font-semibold text-amber-900 dark:bg-amber-950/50 dark:text-amber-200">
        {t('rooms.member.guest')}
      </span>
    </>
  );
}

/**
 * A member's name in a list, with "(you)" after the viewer's own, as the language writes it ("ann（我）"), and the
 * guest mark after a guest's.
 */
export function MemberName({
  username,
  isMe,
  isGuest = false,
}: {
  username: string;
  isMe: boolean;
  isGuest?: boolean;
}): ReactNode {
  const { tRich } = useI18n();
  const name = isMe
    ? tRich<ReactNode>('rooms.member.nameYou', {
        name: username,
        muted: (chunks) => (
          <span key="you" className="font-normal text-slate-500">
            {chunks}
          </span>
        ),
      })
    : username;
  if (!isGuest) return name;
  return (
    <>
      {name}
      <GuestMark />
    </>
  );
}
