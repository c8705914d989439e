import type { ReactNode } from 'react';
import { useI18n } from '@/lib/i18n/use-t';

/** A member's name in a list, with "(you)" after the viewer's own, as the language writes it ("ann（我）"). */
export function MemberName({ username, isMe }: { username: string; isMe: boolean }): ReactNode {
  const { tRich } = useI18n();
  if (!isMe) return username;
  return tRich<ReactNode>('rooms.member.nameYou', {
    name: username,
    muted: (chunks) => (
      <span key="you" className="font-normal text-slate-500">
        {chunks}
      </span>
    ),
  });
}
