import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import {
  CalendarDaysIcon,
  CalendarIcon,
  EllipsisVerticalIcon,
  MapIcon,
  ShareIcon,
} from '@heroicons/react/24/outline';
import type { Room } from '@outing/contract';
import { useAuth } from '@/hooks/use-auth';
import { useT } from '@/lib/i18n/use-t';
import { formatRoomDate } from '@/entities/room/dates';
import { formatClockTime } from '@/lib/i18n/format';
import { useCalendarDownload } from './use-calendar-download';
import { ShareSheet } from '@/features/guest-access/components/share-sheet';
import { shareData, useShare } from './use-share';
import { directionsUrl, googleCalendarUrl, outlookCalendarUrl } from '../lib/calendar-links';

/**
 * The hero's "More" menu (WAI-ARIA menu button): Add to calendar (members: the .ics, Google Calendar and Outlook,
 * once the date is set), Directions (once the venue is set) and Share. Arrow keys move, Esc and a
 * click outside close it, focus goes back to the button. The host of an open room's Share opens the app's share
 * sheet (the guest link, issue 35).
 */
export function RoomMenu({ room, canDownload }: { room: Room; canDownload: boolean }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const menuId = useId();
  const calendar = useCalendarDownload(room);
  const share = useShare();
  const { user } = useAuth();
  const hostSheet = room.hostId === user.id && !room.isClosed;
  const [sheetOpen, setSheetOpen] = useState(false);
  // Links to another site, each a menu item that opens a new tab (issue 37): the same as the room page's actions.
  const links = [
    canDownload && {
      href: googleCalendarUrl(room),
      icon: CalendarIcon,
      label: 'plans.calendar.google' as const,
    },
    canDownload && {
      href: outlookCalendarUrl(room),
      icon: CalendarIcon,
      label: 'plans.calendar.outlook' as const,
    },
    { href: directionsUrl(room), icon: MapIcon, label: 'plans.directions' as const },
  ].flatMap((link) => (link && link.href ? [{ ...link, href: link.href }] : []));
  const linkNames = {
    'plans.calendar.google': t('plans.calendar.googleLabel'),
    'plans.calendar.outlook': t('plans.calendar.outlookLabel'),
    'plans.directions': t('plans.directionsLabel', { venue: room.venue.trim() }),
  };
  const roomShare = () => shareData(room, `${formatRoomDate(room.date)} ${formatClockTime(room.time)}`);

  useEffect(() => {
    if (!open) return;
    menuRef.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
    const onPointer = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!menuRef.current?.contains(target) && !buttonRef.current?.contains(target)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [open]);

  const close = () => {
    setOpen(false);
    buttonRef.current?.focus();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const items = Array.from(menuRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []);
    const index = items.indexOf(document.activeElement as HTMLElement);
    if (event.key === 'Escape' || event.key === 'Tab') {
      if (event.key === 'Escape') event.preventDefault();
      close();
    } else if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      items[(index + step + items.length) % items.length]?.focus();
    }
  };
  const item =
    'flex min-h-12 w-full items-center gap-3 px-4 text-left text-base font-medium text-slate-800 hover:bg-brand-50 dark:hover:bg-brand-950/40 focus:bg-brand-50 dark:focus:bg-brand-950/40 focus:outline-none';

  return (
    <div className="relative">
      <button
        ref={buttonRef}
        type="button"
        aria-label={t('plans.moreActions')}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => setOpen((was) => !was)}
        className="inline-flex size-11 items-center justify-center rounded-full bg-surface/90 text-slate-800 shadow-sm backdrop-blur transition hover:bg-surface focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
      >
        <EllipsisVerticalIcon aria-hidden="true" className="size-6" />
      </button>
      {open && (
        <div
          ref={menuRef}
          id={menuId}
          role="menu"
          aria-label={t('plans.moreActions')}
          onKeyDown={onKeyDown}
          className="absolute top-12 right-0 z-30 w-56 overflow-hidden rounded-2xl bg-surface py-1 shadow-lg ring-1 ring-slate-200"
        >
          {canDownload && (
            <button
              type="button"
              role="menuitem"
              tabIndex={-1}
              className={item}
              onClick={() => {
                close();
                void calendar.download();
              }}
            >
              <CalendarDaysIcon aria-hidden="true" className="size-5 text-brand-700 dark:text-brand-300" />
              {t('plans.addToCalendar')}
            </button>
          )}
          {links.map(({ href, icon: Icon, label }) => (
            <a
              key={label}
              href={href}
              target="_blank"
              rel="noopener noreferrer"
              role="menuitem"
              tabIndex={-1}
              aria-label={linkNames[label]}
              className={item}
              onClick={() => setOpen(false)}
            >
              <Icon aria-hidden="true" className="size-5 text-brand-700 dark:text-brand-300" />
              {t(label)}
            </a>
          ))}
          <button
            type="button"
            role="menuitem"
            tabIndex={-1}
            className={item}
            aria-haspopup={hostSheet ? 'dialog' : undefined}
            onClick={() => {
              close();
              if (hostSheet) setSheetOpen(true);
              else void share(roomShare());
            }}
          >
            <ShareIcon aria-hidden="true" className="size-5 text-brand-700 dark:text-brand-300" />
            {t('plans.share')}
          </button>
        </div>
      )}
      {hostSheet && sheetOpen && (
        <ShareSheet room={room} roomShare={roomShare()} share={share} onClose={() => setSheetOpen(false)} />
      )}
    </div>
  );
}
