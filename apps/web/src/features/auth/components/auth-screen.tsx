import type { ReactNode } from 'react';
import { Link, type LinkProps } from 'react-router';
import { Logo } from '@/components/logo';
import type { MessageKey } from '@/lib/i18n/keys';
import { useI18n } from '@/lib/i18n/use-t';

interface AuthScreenProps {
  title: string;
  description?: ReactNode;
  children: ReactNode;
  /** Links at the foot of the screen (e.g. "Already have an account? Log in"). */
  footer?: ReactNode;
  /** The login screen shows the product name beside the mark. */
  wordmark?: boolean;
}

/** The frame of the public account screens: logo, title, form, and links at the foot. */
export function AuthScreen({ title, description, children, footer, wordmark = false }: AuthScreenProps) {
  return (
    <div className="flex min-h-full flex-col px-4 pt-[max(2rem,env(safe-area-inset-top))] pb-[max(1.5rem,env(safe-area-inset-bottom))] min-[360px]:px-6">
      <header className="mb-7 flex flex-col items-center gap-3 text-center">
        {wordmark ? (
          <Logo withWordmark className="size-14 rounded-2xl shadow-md shadow-brand-900/15" />
        ) : (
          <Logo className="size-12 rounded-xl shadow-md shadow-brand-900/15" />
        )}
        <h1 className="mt-2 text-2xl font-bold tracking-tight text-slate-900">{title}</h1>
        {description && <p className="max-w-sm text-[15px] leading-relaxed text-slate-600">{description}</p>}
      </header>
      {children}
      {footer && (
        <div className="mt-auto flex flex-col items-center pt-8 text-center text-sm text-slate-600">
          {footer}
        </div>
      )}
    </div>
  );
}

export const textLinkClass =
  'inline-flex min-h-11 items-center rounded-md px-1 font-semibold text-brand-700 dark:text-brand-300 underline-offset-4 hover:text-brand-800 dark:hover:text-brand-300 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600 dark:focus-visible:outline-brand-400';

export function TextLink(props: LinkProps) {
  return <Link {...props} className={textLinkClass} />;
}

/** A sentence of the screen's foot whose `<link>` part goes to `to`: "Already have an account? <link>Log in</link>". */
export function FooterLink({ message, to }: { message: MessageKey; to: string }) {
  const { tRich } = useI18n();
  return (
    <p>
      {tRich(message, {
        link: (chunks) => (
          <TextLink key="link" to={to}>
            {chunks}
          </TextLink>
        ),
      })}
    </p>
  );
}

/** An email on its own line, which may wrap before the "@" rather than at any letter. */
export function EmailLine({ email }: { email: string }) {
  const at = email.lastIndexOf('@');
  return (
    <span className="mt-0.5 block font-semibold [overflow-wrap:anywhere] text-slate-900">
      {at > 0 ? (
        <>
          {email.slice(0, at)}
          <wbr />
          {email.slice(at)}
        </>
      ) : (
        email
      )}
    </span>
  );
}
