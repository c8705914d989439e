import type { ComponentType, SVGProps } from 'react';
import { NavLink } from 'react-router';
import type { MessageKey } from '@/lib/i18n/keys';
import { useT } from '@/lib/i18n/use-t';
import { useUnreadNotificationCount } from '@/features/notifications/api/use-unread-count';
import {
  BellIcon as BellOutline,
  GlobeAltIcon as GlobeOutline,
  HomeIcon as HomeOutline,
  UserIcon as UserOutline,
} from '@heroicons/react/24/outline';
import {
  BellIcon as BellSolid,
  GlobeAltIcon as GlobeSolid,
  HomeIcon as HomeSolid,
  UserIcon as UserSolid,
} from '@heroicons/react/24/solid';

type Icon = ComponentType<SVGProps<SVGSVGElement>>;

const tabs: { to: string; label: MessageKey; solid: Icon; outline: Icon }[] = [
  { to: '/', label: 'common.nav.home', solid: HomeSolid, outline: HomeOutline },
  { to: '/explore', label: 'common.nav.explore', solid: GlobeSolid, outline: GlobeOutline },
  { to: '/notifications', label: 'common.nav.notifications', solid: BellSolid, outline: BellOutline },
  { to: '/profile', label: 'common.nav.profile', solid: UserSolid, outline: UserOutline },
];

/**
 * Each link says it came from / (docs/product.md#navigation); the active icon is solid, the others outline, each with
 * its name under it. With unread ones, Notifications is named by a visually hidden "Notifications, 3 unread", which
 * holds the word shown; an aria-label would override the visible "3" and "Notifications" (WCAG 2.5.3).
 */
export function BottomNav() {
  const t = useT();
  const unread = useUnreadNotificationCount();
  return (
    <nav
      aria-label={t('common.nav.label')}
      className="h-[7.5dvh] min-h-14 shrink-0 border-t border-slate-200 bg-surface pb-[env(safe-area-inset-bottom)]"
    >
      <ul className="flex h-full items-stretch justify-around">
        {tabs.map(({ to, label, solid: Solid, outline: Outline }) => (
          <li key={to} className="flex flex-1 items-center justify-center">
            <NavLink
              to={to}
              end
              state={{ from: '/' }}
              className={({ isActive }) =>
                `flex min-h-11 min-w-16 flex-col items-center justify-center gap-0.5 rounded-xl px-1 text-[0.6875rem] leading-tight font-medium transition-colors focus-visible:outline-2 focus-visible:outline-brand-600 dark:focus-visible:outline-brand-400 ${
                  isActive ? 'text-brand-700 dark:text-brand-300' : 'text-slate-600 hover:text-slate-900'
                }`
              }
            >
              {({ isActive }) => (
                <>
                  <span className="relative">
                    {isActive ? (
                      <Solid aria-hidden="true" data-variant="solid" className="size-6" />
                    ) : (
                      <Outline aria-hidden="true" data-variant="outline" className="size-6" />
                    )}
                    {to === '/notifications' && unread > 0 && (
                      <span
                        aria-hidden="true"
                        data-testid="notifications-badge"
                        className="absolute -top-1.5 left-3.5 flex h-4.5 min-w-4.5 items-center justify-center rounded-full bg-red-600 px-1 text-[0.625rem] leading-none font-semibold text-white ring-2 ring-surface"
                      >
                        {unread > 99 ? '99+' : unread}
                      </span>
                    )}
                  </span>
                  {to === '/notifications' && unread > 0 ? (
                    <>
                      <span className="sr-only">
                        {t('common.nav.notificationsUnread', { count: unread })}
                      </span>
                      <span aria-hidden="true">{t(label)}</span>
                    </>
                  ) : (
                    <span>{t(label)}</span>
                  )}
                </>
              )}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
