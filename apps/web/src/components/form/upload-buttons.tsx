import { useState, type ChangeEvent, type ReactNode } from 'react';
import { CameraIcon, TrashIcon, XMarkIcon } from '@heroicons/react/24/outline';

const buttonClass =
  'inline-flex min-h-11 cursor-pointer items-center gap-1.5 rounded-full px-3.5 text-sm font-semibold ring-1 transition has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-brand-600 dark:has-focus-visible:outline-brand-400 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 dark:focus-visible:outline-brand-400';
const quiet = `${buttonClass} bg-surface text-slate-800 ring-slate-300 hover:bg-slate-50`;
const brand = `${buttonClass} bg-brand-50 dark:bg-brand-950/40 text-brand-800 dark:text-brand-300 ring-brand-200 dark:ring-brand-800 hover:bg-brand-100 dark:hover:bg-brand-950/40`;

/** A phone offers the camera straight away with `capture`; elsewhere it would only be a second file button. */
function hasCamera(): boolean {
  return typeof window !== 'undefined' && window.matchMedia?.('(pointer: coarse)').matches === true;
}

/**
 * The buttons of a photo upload (a room's picture, a bill's receipt): while it goes up, Cancel; otherwise the file
 * button (hidden file input inside its label), on a phone with nothing chosen yet a "Take a photo" one that opens
 * the camera, and Remove when there is a photo. The caller owns the upload, the labels and what the inputs are
 * described by.
 */
export function UploadButtons({
  busy,
  hasPhoto,
  accept,
  describedBy,
  chooseIcon,
  labels,
  onFile,
  onCancel,
  onRemove,
}: {
  /** An upload is going: only Cancel shows. */
  busy: boolean;
  /** There is a photo already: Replace-style file button and Remove, no camera button. */
  hasPhoto: boolean;
  accept: string;
  describedBy: string | undefined;
  chooseIcon: ReactNode;
  labels: { choose: string; take: string; cancel: string; remove: string };
  onFile: (event: ChangeEvent<HTMLInputElement>) => void;
  onCancel: () => void;
  onRemove: () => void;
}) {
  const [camera] = useState(hasCamera);
  const input = (capture: boolean) => (
    <input
      type="file"
      accept={accept}
      capture={capture ? 'environment' : undefined}
      disabled={busy}
      aria-describedby={describedBy}
      className="sr-only"
      onChange={onFile}
    />
  );

  if (busy)
    return (
      <button type="button" className={quiet} onClick={onCancel}>
        <XMarkIcon aria-hidden="true" className="size-5" />
        {labels.cancel}
      </button>
    );
  return (
    <>
      <label className={brand}>
        {input(false)}
        {chooseIcon}
        {labels.choose}
      </label>
      {camera && !hasPhoto && (
        <label className={quiet}>
          {input(true)}
          <CameraIcon aria-hidden="true" className="size-5" />
          {labels.take}
        </label>
      )}
      {hasPhoto && (
        <button type="button" className={quiet} onClick={onRemove}>
          <TrashIcon aria-hidden="true" className="size-5" />
          {labels.remove}
        </button>
      )}
    </>
  );
}
