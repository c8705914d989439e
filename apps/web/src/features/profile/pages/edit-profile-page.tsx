import { useLocation } from 'react-router';
import { ServerFormShell } from '@/components/form/server-form-shell';
import { TextField } from '@/components/form/text-field';
import { useServerForm } from '@/components/form/use-server-form';
import { PageHeader } from '@/components/page-header';
import { useAuth } from '@/hooks/use-auth';
import { useDelayedNavigate } from '@/hooks/use-delayed-navigate';
import { useToast } from '@/hooks/use-toast';
import { useT } from '@/lib/i18n/use-t';
import { accountErrorMessage } from '@/lib/error-messages';
import { USERNAME_MAX_LENGTH, USERNAME_MIN_LENGTH, usernameProblem } from '@/lib/validation';
import { useOwnDisplayName } from '@/entities/me/own-display-name';
import { updateUsername } from '../api/update-username';
import { DisplayNameForm } from '../components/display-name-form';
import { ProfilePictureField } from '../components/profile-picture-field';

interface EditProfileValues {
  username: string;
}

export default function EditProfilePage() {
  const t = useT();
  const auth = useAuth();
  const toast = useToast();
  const navigateLater = useDelayedNavigate();
  const location = useLocation();
  const current = auth.user.username;
  const displayName = useOwnDisplayName();
  const { form, serverError, refuse, submit } = useServerForm<EditProfileValues>({ username: current });
  const {
    register,
    formState: { errors, isSubmitting },
  } = form;

  const onSubmit = submit(async ({ username }) => {
    let token: string;
    try {
      ({ token } = await updateUsername(auth.user.id, username.trim()));
    } catch (error) {
      // The request carries the new name as `value`.
      refuse(error, accountErrorMessage(error), (path) => (path === 'value' ? 'username' : null));
      return;
    }
    // The new token carries the new username; the auth layer stores it, so later calls send it.
    await auth.login(token);
    toast.success(t('profile.edit.updated'));
    // Back to /profile: the entry the user came from when there is one, so the form is not left in history.
    const cameFromProfile = (location.state as { from?: unknown } | null)?.from === '/profile';
    await navigateLater(cameFromProfile ? -1 : '/profile', { replace: true });
  });

  return (
    <>
      <PageHeader title={t('profile.editProfile')} back />
      <div className="flex flex-col gap-8 px-4 py-6 min-[360px]:px-6">
        <ProfilePictureField />
        <DisplayNameForm current={displayName} />
        <ServerFormShell
          onSubmit={onSubmit}
          serverError={serverError}
          busy={isSubmitting}
          submitLabel={t('profile.edit.save')}
        >
          <TextField
            label={t('profile.edit.username')}
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            maxLength={USERNAME_MAX_LENGTH}
            hint={t('profile.edit.hint', { current, min: USERNAME_MIN_LENGTH, max: USERNAME_MAX_LENGTH })}
            error={errors.username?.message}
            {...register('username', {
              validate: (value) => {
                if (value.trim() === '') return t('errors.validation.usernameRequired');
                if (value.trim() === auth.user.username) return t('errors.validation.usernameSame');
                return usernameProblem(value) ?? true;
              },
            })}
          />
        </ServerFormShell>
      </div>
    </>
  );
}
