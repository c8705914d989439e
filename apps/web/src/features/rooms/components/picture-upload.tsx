import { useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import { CameraIcon, PhotoIcon, TrashIcon, XMarkIcon } from '@heroicons/react/24/outline';
import { FieldError } from '@/components/form/text-field';
import { useT } from '@/lib/i18n/use-t';
import { useUploadPicture, type UploadedPicture } from '../api/upload-picture';
import { pictureUploadErrorMessage } from '../lib/picture-errors';
import { checkPictureFile, PICTURE_ACCEPT } from '../lib/picture-file';

const buttonClass =
  'inline-flex min-h-11 cursor-pointer items-center gap-1.5 rounded-full px-3.5 text-sm font-semibold ring-1 transition has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-brand-600 dark:has-focus-visible:outline-brand-400 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 dark:focus-visible:outline-brand-400';
const quiet = `${buttonClass} bg-surface text-slate-800 ring-slate-300 hover:bg-slate-50`;
const brand = `${buttonClass} bg-brand-50 dark:bg-brand-950/40 text-brand-800 dark:text-brand-300 ring-brand-200 dark:ring-brand-800 hover:bg-brand-100 dark:hover:bg-brand-950/40`;

/** A phone offers the camera straight away with `capture`; elsewhere it would only be a second file button. */
function hasCamera(): boolean {
  return typeof window !== 'undefined' && window.matchMedia?.('(pointer: coarse)').matches === true;
}

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
  const [camera] = useState(hasCamera);

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
  const input = (capture: boolean) => (
    <input
      type="file"
      accept={PICTURE_ACCEPT}
      capture={capture ? 'environment' : undefined}
      disabled={busy}
      aria-describedby={[error ? errorId : hintId, describedBy].filter(Boolean).join(' ')}
      className="sr-only"
      onChange={(event) => void onFile(event)}
    />
  );

  return (
    <div className="flex flex-col gap-1.5">
      <div className="flex flex-wrap items-center gap-2">
        {busy ? (
          <button type="button" className={quiet} onClick={() => abort.current?.abort()}>
            <XMarkIcon aria-hidden="true" className="size-5" />
            {t('rooms.picture.cancel')}
          </button>
        ) : (
          <>
            <label className={brand}>
              {input(false)}
              <PhotoIcon aria-hidden="true" className="size-5" />
              {picture ? t('rooms.picture.replace') : t('rooms.picture.upload')}
            </label>
            {camera && !picture && (
              <label className={quiet}>
                {input(true)}
                <CameraIcon aria-hidden="true" className="size-5" />
                {t('rooms.picture.take')}
              </label>
            )}
            {picture && (
              <button
                type="button"
                className={quiet}
                onClick={() => {
                  setError(null);
                  onRemove();
                }}
              >
                <TrashIcon aria-hidden="true" className="size-5" />
                {t('rooms.picture.remove')}
              </button>
            )}
          </>
        )}
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
