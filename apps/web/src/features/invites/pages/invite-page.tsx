import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { Avatar } from '@/components/avatar';
import { primaryButtonClass } from '@/components/form/submit-button';
import { ErrorState, LoadingState } from '@/components/list-states';
import { useT } from '@/lib/i18n/use-t';
import { genericErrorMessage, isApiError, refusalText } from '@/lib/api-error';
import { AuthScreen, FooterLink } from '@/features/auth/components/auth-screen';
import { inviterQueryOptions } from '@/features/auth/api/get-inviter';
import { personName } from '@/lib/person-name';

/**
 * /invite/{code}: where a personal invite link lands (issue #21). Says who invited you, then leads to sign-up with
 * the code, so that the inviter's friend request waits once the email is verified. A link that does not work (any
 * 404: unknown, replaced, turned off) says so and still offers a plain sign-up.
 */
export default function InvitePage() {
  const t = useT();
  const { code = '' } = useParams();
  const inviter = useQuery(inviterQueryOptions(code));
  const footer = <FooterLink message="auth.signup.haveAccount" to="/login" />;

  if (inviter.isPending) {
    return (
      <AuthScreen title={t('friends.invite.landingTitleLoading')} footer={footer}>
        <LoadingState label={t('friends.invite.loading')} />
      </AuthScreen>
    );
  }

  if (inviter.isError) {
    if (isApiError(inviter.error) && inviter.error.status === 404) {
      return (
        <AuthScreen
          title={t('friends.invite.brokenTitle')}
          description={t('friends.invite.brokenDescription')}
          footer={footer}
        >
          <div role="alert" className="sr-only">
            {t('friends.invite.brokenTitle')}
          </div>
          <Link to="/signup" className={primaryButtonClass}>
            {t('auth.signup.submit')}
          </Link>
        </AuthScreen>
      );
    }
    const message =
      isApiError(inviter.error) && inviter.error.status === 429
        ? refusalText(inviter.error)
        : genericErrorMessage();
    return (
      <AuthScreen title={t('friends.invite.landingTitleLoading')} footer={footer}>
        <ErrorState message={message} onRetry={() => void inviter.refetch()} />
      </AuthScreen>
    );
  }

  const name = personName(inviter.data);
  return (
    <AuthScreen
      title={t('friends.invite.landingTitle', { name })}
      description={t('friends.invite.landingDescription', { name })}
      footer={footer}
    >
      <div className="flex flex-col items-center gap-8">
        <Avatar
          username={inviter.data.username}
          displayName={inviter.data.displayName}
          pictureUrl={inviter.data.pictureUrl}
          size="lg"
        />
        <Link to={`/signup?invite=${encodeURIComponent(code)}`} className={primaryButtonClass}>
          {t('friends.invite.acceptSignUp')}
        </Link>
      </div>
    </AuthScreen>
  );
}
