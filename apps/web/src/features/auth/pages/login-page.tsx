import { Logo } from '../../../components/logo';

// Issue 3 builds the form: it awaits `useAuth().login(token)` and PublicOnlyRoute then sends the user on to the
// path saved before login (`consumeRedirectPath()`), else to /.
export default function LoginPage() {
  return (
    <div className="flex min-h-full flex-col items-center justify-center gap-6 px-6 py-12 text-center">
      <h1>
        <Logo className="size-24" />
      </h1>
      <p className="text-slate-600">Coming soon</p>
    </div>
  );
}
