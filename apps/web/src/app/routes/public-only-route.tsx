import { useEffect, useRef } from 'react';
import { Outlet, useNavigate } from 'react-router';
import { FullPageSpinner } from '@/components/spinner';
import { useAuth } from '@/hooks/use-auth';
import { consumeRedirectPath } from '@/lib/redirect-path';

/**
 * Login, sign-up, OTP and password screens are for signed-out visitors. A signed-in user is sent on to the path
 * saved before login (see `consumeRedirectPath`), else to /. So a login screen only has to call `login(token)`.
 */
export function PublicOnlyRoute() {
  const { status } = useAuth();
  if (status === 'restoring') return <FullPageSpinner />;
  if (status === 'authenticated') return <RedirectAfterLogin />;
  return <Outlet />;
}

function RedirectAfterLogin() {
  const navigate = useNavigate();
  // The saved path is consumed once, even when StrictMode runs the effect twice.
  const target = useRef<string | null>(null);
  useEffect(() => {
    target.current ??= consumeRedirectPath() ?? '/';
    void navigate(target.current, { replace: true });
  }, [navigate]);
  return <FullPageSpinner />;
}
