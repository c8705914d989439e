import type { ComponentType, SVGProps } from 'react';
import { NavLink } from 'react-router';
import {
  BellIcon as BellOutline,
  HomeIcon as HomeOutline,
  UserIcon as UserOutline,
} from '@heroicons/react/24/outline';
import {
  BellIcon as BellSolid,
  HomeIcon as HomeSolid,
  UserIcon as UserSolid,
} from '@heroicons/react/24/solid';

type Icon = ComponentType<SVGProps<SVGSVGElement>>;

const tabs: { to: string; label: string; solid: Icon; outline: Icon }[] = [
  { to: '/', label: 'Home', solid: HomeSolid, outline: HomeOutline },
  { to: '/profile', label: 'Profile', solid: UserSolid, outline: UserOutline },
  { to: '/notifications', label: 'Notifications', solid: BellSolid, outline: BellOutline },
];

/** Each link says it came from / (product-spec §2); the active icon is solid, the others outline. */
export function BottomNav() {
  return (
    <nav
      aria-label="Main"
      className="h-[7.5dvh] min-h-12 shrink-0 border-t border-slate-200 bg-white pb-[env(safe-area-inset-bottom)]"
    >
      <ul className="flex h-full items-stretch justify-around">
        {tabs.map(({ to, label, solid: Solid, outline: Outline }) => (
          <li key={to} className="flex flex-1 items-center justify-center">
            <NavLink
              to={to}
              end
              state={{ from: '/' }}
              aria-label={label}
              className={({ isActive }) =>
                `flex size-11 items-center justify-center rounded-full transition-colors focus-visible:outline-2 focus-visible:outline-brand-600 ${
                  isActive ? 'text-brand-700' : 'text-slate-500 hover:text-slate-800'
                }`
              }
            >
              {({ isActive }) =>
                isActive ? (
                  <Solid aria-hidden="true" data-variant="solid" className="size-7" />
                ) : (
                  <Outline aria-hidden="true" data-variant="outline" className="size-7" />
                )
              }
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
