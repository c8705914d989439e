import { ArrowRightStartOnRectangleIcon } from '@heroicons/react/24/outline';
import { Logo } from '../../../components/logo';
import { Spinner } from '../../../components/spinner';
import { useAuth } from '../../../hooks/use-auth';

export default function HomePage() {
  const { user, logout, loggingOut } = useAuth();
  const name = user.username || 'guest';

  return (
    <>
      <header className="flex items-center gap-3 bg-gradient-to-br from-brand-600 to-brand-800 px-4 pt-[max(1rem,env(safe-area-inset-top))] pb-6 text-white">
        <Logo className="size-10 rounded-xl ring-2 ring-white/30" />
        <h1 className="min-w-0 flex-1 truncate text-xl font-semibold">Welcome, {name}!</h1>
        {loggingOut ? (
          <span className="flex size-11 items-center justify-center rounded-full bg-white">
            <Spinner label="Logging out" />
          </span>
        ) : (
          <button
            type="button"
            onClick={() => void logout()}
            aria-label="Log out"
            className="flex size-11 items-center justify-center rounded-full bg-white/15 transition hover:bg-white/25 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white active:bg-white/30"
          >
            <ArrowRightStartOnRectangleIcon aria-hidden="true" className="size-6" />
          </button>
        )}
      </header>
      <p className="px-4 py-10 text-center text-slate-600">Coming soon</p>
    </>
  );
}
