import { useState } from 'react';
import { Avatar } from '@/components/avatar';
import { FormAlert } from '@/components/form/form-alert';
import { useAuth } from '@/hooks/use-auth';
import { useToast } from '@/hooks/use-toast';
import { accountErrorMessage } from '@/lib/error-messages';
import { useT } from '@/lib/i18n/use-t';
import { PictureUpload, type UploadState } from '@/features/rooms/components/picture-upload';
import { updateProfilePicture } from '../api/update-profile';

/**
 * The profile picture: upload one (POST /pictures, as a room's cover is), see it, remove it. Each change is saved
 * at once (PATCH /users/{id} {field: 'pictureId'}); the answer's token carries the new picture, so the session's
 * user shows it everywhere straight away.
 */
export function ProfilePictureField() {
  const t = useT();
  const auth = useAuth();
  const toast = useToast();
  const [uploading, setUploading] = useState<UploadState | null>(null);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const pictureUrl = auth.user.pictureUrl;

  const save = async (pictureId: string | null) => {
    setError(null);
    setSaving(true);
    try {
      const { token } = await updateProfilePicture(auth.user.id, pictureId);
      await auth.replaceToken(token);
      toast.success(pictureId ? t('profile.edit.pictureUpdated') : t('profile.edit.pictureRemoved'));
    } catch (failure) {
      setError(accountErrorMessage(failure));
    } finally {
      setSaving(false);
    }
  };

  const shown = uploading?.previewUrl ?? pictureUrl;
  return (
    <section
      aria-labelledby="profile-picture-title"
      aria-busy={saving || Boolean(uploading)}
      className="flex flex-col gap-3"
    >
      <h2 id="profile-picture-title" className="text-sm font-medium text-slate-800">
        {t('profile.edit.picture')}
      </h2>
      <div className="flex items-center gap-4">
        <Avatar username={auth.user.username} pictureUrl={shown} size="lg" />
        {uploading && (
          <p className="text-sm text-slate-600" aria-live="polite">
            {t('profile.edit.pictureUploading', { percent: Math.round(uploading.progress * 100) })}
          </p>
        )}
      </div>
      <FormAlert message={error} />
      <PictureUpload
        picture={pictureUrl ? { id: '', url: pictureUrl } : null}
        onUploaded={(picture) => void save(picture.id)}
        onRemove={() => void save(null)}
        onUploadingChange={setUploading}
      />
    </section>
  );
}
