import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { DISPLAY_NAME_MAX, oneLineProblem, type TextProblem } from '@outing/contract';
import { ServerFormShell } from '@/components/form/server-form-shell';
import { TextField } from '@/components/form/text-field';
import { useServerForm } from '@/components/form/use-server-form';
import { useAuth } from '@/hooks/use-auth';
import { useToast } from '@/hooks/use-toast';
import { accountErrorMessage } from '@/lib/error-messages';
import { useT } from '@/lib/i18n/use-t';
import { rememberOwnDisplayName } from '@/entities/me/own-display-name';
import { userKeys } from '@/lib/query-keys';
import { updateDisplayName } from '../api/update-profile';

interface DisplayNameValues {
  displayName: string;
}

const PROBLEM_KEYS = {
  control: 'profile.edit.nameControl',
  bidi: 'profile.edit.nameBidi',
  invisible: 'profile.edit.nameInvisible',
} as const satisfies Record<TextProblem, string>;

/**
 * "Name": the display name friends see (PATCH /users/{id} {field: 'displayName'}); the username stays. Checked here
 * as the server does (not empty, at most 40 characters, counted as characters), its refusal shown otherwise.
 */
export function DisplayNameForm({ current }: { current: string }) {
  const t = useT();
  const auth = useAuth();
  const toast = useToast();
  const queryClient = useQueryClient();
  const { form, serverError, refuse, submit } = useServerForm<DisplayNameValues>({ displayName: current });
  const {
    register,
    reset,
    formState: { errors, isSubmitting, isDirty },
  } = form;

  // The current name arrives after the page opens: shown unless something was typed meanwhile.
  useEffect(() => {
    if (!isDirty) reset({ displayName: current });
  }, [current, isDirty, reset]);

  const onSubmit = submit(async ({ displayName }) => {
    const userId = auth.user.id;
    let answer: { displayName: string; token: string };
    try {
      answer = await updateDisplayName(userId, displayName.trim());
    } catch (error) {
      refuse(error, accountErrorMessage(error), (path) => (path === 'value' ? 'displayName' : null));
      return;
    }
    await auth.replaceToken(answer.token);
    rememberOwnDisplayName(userId, answer.displayName);
    reset({ displayName: answer.displayName });
    // Everything showing people by name reads it again (your own account first, where this name is read).
    await queryClient.invalidateQueries({ queryKey: userKeys.profile(userId) });
    void queryClient.invalidateQueries();
    toast.success(t('profile.edit.nameUpdated'));
  });

  return (
    <ServerFormShell
      onSubmit={onSubmit}
      serverError={serverError}
      busy={isSubmitting}
      submitLabel={t('profile.edit.saveName')}
    >
      <TextField
        label={t('profile.edit.name')}
        autoComplete="name"
        hint={t('profile.edit.nameHint', { username: auth.user.username })}
        error={errors.displayName?.message}
        {...register('displayName', {
          validate: (value) => {
            const text = value.trim();
            if (text === '') return t('profile.edit.nameRequired');
            if ([...text].length > DISPLAY_NAME_MAX)
              return t('profile.edit.nameTooLong', { max: DISPLAY_NAME_MAX });
            // The server's rule (docs/api/README.md#display-text), checked here to say it in the user's language.
            const problem = oneLineProblem(text, { invisible: true });
            return problem ? t(PROBLEM_KEYS[problem]) : true;
          },
        })}
      />
    </ServerFormShell>
  );
}
