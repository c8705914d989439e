import { useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import { PhotoIcon } from '@heroicons/react/24/outline';
import { FieldError } from '@/components/form/text-field';
import { UploadButtons } from '@/components/form/upload-buttons';
import { useT } from '@/lib/i18n/use-t';
import { useUploadPicture, type UploadedPicture } from '../api/upload-picture';
import { pictureUploadErrorMessage } from '../lib/picture-errors';
import { checkPictureFile, PICTURE_ACCEPT } from '../lib/picture-file';

export interface UploadState {
  /** The local file's preview while it goes up (an object URL; none for a HEIC the browser cannot show). */
  previewUrl: string | null;
  /** 0–1 */
  progress: number;
}

/**
 * "Upload a photo" (and, on a phone, "Take a photo"): checks the file as the server would, sends it (POST
 * /pictures) with its progress, and hands the uploaded picture up. "Remove photo" when there is one. A refusal is
 * said beside the buttons; nothing else in the form changes.
 */
export function PictureUpload({
  picture,
  onUploaded,
  onRemove,
  onUploadingChange,
  describedBy,
}: {
  picture: UploadedPicture | null;
  onUploaded: (picture: UploadedPicture) => void;
  onRemove: () => void;
  onUploadingChange: (state: UploadState | null) => void;
  describedBy?: string;
}) {
  const t = useT();
  const id = useId();
  const upload = useUploadPicture();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const abort = useRef<AbortController | null>(null);
  const preview = useRef<string | null>(null);

  const clearPreview = () => {
    if (preview.current) URL.revokeObjectURL(preview.current);
    preview.current = null;
  };
  // Leaving the form cancels an upload still going and frees its preview.
  useEffect(
    () => () => {
      abort.current?.abort();
      clearPreview();
    },
    [],
  );

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = ''; // the same file again is a new choice
    if (!file || busy) return;
    setError(null);
    const checked = await checkPictureFile(file);
    if (!checked.ok) {
      setError(checked.message);
      return;
    }
    clearPreview();
    preview.current = checked.type.startsWith('image/hei') ? null : URL.createObjectURL(file);
    const controller = new AbortController();
    abort.current = controller;
    setBusy(true);
    onUploadingChange({ previewUrl: preview.current, progress: 0 });
    try {
      const uploaded = await upload.mutateAsync({
        file,
        type: checked.type,
        signal: controller.signal,
        onProgress: (progress) => onUploadingChange({ previewUrl: preview.current, progress }),
      });
      onUploaded(uploaded);
    } catch (failure) {
      if (!controller.signal.aborted) setError(pictureUploadErrorMessage(failure));
    } finally {
      if (abort.current === controller) abort.current = null;
      setBusy(false);
      onUploadingChange(null);
      clearPreview();
    }
  };

  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  return (
    <div className="flex flex-col gap-1.5">
      <div className="flex flex-wrap items-center gap-2">
        <UploadButtons
          busy={busy}
          hasPhoto={Boolean(picture)}
          accept={PICTURE_ACCEPT}
          describedBy={[error ? errorId : hintId, describedBy].filter(Boolean).join(' ')}
          chooseIcon={<PhotoIcon aria-hidden="true" className="size-5" />}
          labels={{
            choose: picture ? t('rooms.picture.replace') : t('rooms.picture.upload'),
            take: t('rooms.picture.take'),
            cancel: t('rooms.picture.cancel'),
            remove: t('rooms.picture.remove'),
          }}
          onFile={(event) => void onFile(event)}
          onCancel={() => abort.current?.abort()}
          onRemove={() => {
            setError(null);
            onRemove();
          }}
        />
      </div>
      {error ? (
        <FieldError id={errorId} message={error} />
      ) : (
        <p id={hintId} className="text-sm text-slate-500">
          {t('rooms.picture.hint')}
        </p>
      )}
    </div>
  );
}
