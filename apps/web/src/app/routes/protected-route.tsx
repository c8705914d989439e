import { useEffect } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { FullPageSpinner } from '@/components/spinner';
import { useAuth } from '@/hooks/use-auth';
import { saveRedirectPath } from '@/lib/redirect-path';

/**
 * Lets only signed-in users through. Anyone else goes to /login, and the path they wanted is saved for after
 * login, except right after they logged out themselves (logout clears it, docs/product.md#navigation).
 */
export function ProtectedRoute() {
  const { status, signOutReason } = useAuth();
  const location = useLocation();
  if (status === 'restoring') return <FullPageSpinner />;
  if (status === 'authenticated') return <Outlet />;
  const wanted = signOutReason === 'logout' ? null : `${location.pathname}${location.search}${location.hash}`;
  return <RedirectToLogin wanted={wanted} />;
}

function RedirectToLogin({ wanted }: { wanted: string | null }) {
  const navigate = useNavigate();
  useEffect(() => {
    if (wanted !== null) saveRedirectPath(wanted);
    void navigate('/login', { replace: true });
  }, [wanted, navigate]);
  return null;
}
