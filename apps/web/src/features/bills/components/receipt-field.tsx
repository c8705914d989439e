import { useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import { ArrowPathIcon, PaperClipIcon } from '@heroicons/react/24/outline';
import { FieldError } from '@/components/form/text-field';
import { UploadButtons } from '@/components/form/upload-buttons';
import { useT } from '@/lib/i18n/use-t';
import { useUploadPicture } from '@/features/rooms/api/upload-picture';
import { pictureUploadErrorMessage } from '@/features/rooms/lib/picture-errors';
import { checkPictureFile } from '@/features/rooms/lib/picture-file';
import { pictureAtWidth, type ReceiptPicture } from '../lib/bill-extras';

/**
 * "Attach receipt" (and, on a phone, "Take a photo"): the photo goes up as a picture (POST /pictures, as a room's
 * cover, without its crop: docs/api/README.md#pictures) with its progress, then shows as a thumbnail with Replace
 * and Remove. A failed upload is said here and changes nothing else in the form.
 */
export function ReceiptField({
  receipt,
  billName,
  onChange,
  onUploadingChange,
  error: outsideError,
}: {
  receipt: ReceiptPicture | null;
  billName: string;
  onChange: (receipt: ReceiptPicture | null) => void;
  onUploadingChange: (uploading: boolean) => void;
  /** The form's own word about the receipt (a save refused, or one tried while this uploads). */
  error?: string;
}) {
  const t = useT();
  const id = useId();
  const upload = useUploadPicture();
  const [failure, setFailure] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const abort = useRef<AbortController | null>(null);
  const busy = progress !== null;

  // Leaving the form cancels an upload still going.
  useEffect(() => () => abort.current?.abort(), []);
  // Each local preview is freed when replaced or when the form goes.
  useEffect(() => (preview ? () => URL.revokeObjectURL(preview) : undefined), [preview]);

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = ''; // the same file again is a new choice
    if (!file || busy) return;
    setFailure(null);
    const checked = await checkPictureFile(file);
    if (!checked.ok) {
      setFailure(checked.message);
      return;
    }
    const controller = new AbortController();
    abort.current = controller;
    setPreview(checked.type.startsWith('image/hei') ? null : (URL.createObjectURL?.(file) ?? null));
    setProgress(0);
    onUploadingChange(true);
    try {
      const uploaded = await upload.mutateAsync({
        file,
        type: checked.type,
        signal: controller.signal,
        onProgress: setProgress,
      });
      onChange(uploaded);
    } catch (error) {
      if (!controller.signal.aborted) setFailure(pictureUploadErrorMessage(error));
    } finally {
      if (abort.current === controller) abort.current = null;
      setProgress(null);
      setPreview(null);
      onUploadingChange(false);
    }
  };

  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const error = failure ?? outsideError;
  const alt = billName.trim()
    ? t('bills.receipt.thumbnailAlt', { name: billName.trim() })
    : t('bills.receipt.thumbnailAltNew');
  const percent = Math.round((progress ?? 0) * 100);
  const shown = busy ? preview : receipt ? pictureAtWidth(receipt.url, 160) : null;

  return (
    <section aria-labelledby={`${id}-heading`} className="flex flex-col gap-1.5">
      <h3 id={`${id}-heading`} className="text-sm font-medium text-slate-800">
        {t('bills.receipt.heading')}
      </h3>
      <div className="flex items-center gap-3">
        {(busy || receipt) && (
          <div className="relative size-16 shrink-0 overflow-hidden rounded-xl bg-slate-100 ring-1 ring-slate-200">
            {shown ? (
              <img src={shown} alt={busy ? '' : alt} className="size-full object-cover object-top" />
            ) : (
              <PaperClipIcon aria-hidden="true" className="m-auto mt-5 size-6 text-slate-500" />
            )}
            {busy && <div aria-hidden="true" className="absolute inset-0 bg-white/50 dark:bg-black/40" />}
          </div>
        )}
        <div className="flex min-w-0 flex-1 flex-wrap items-center gap-2">
          {busy && (
            <div className="flex w-full flex-col gap-1">
              <span className="text-sm text-slate-700" aria-live="polite">
                {t('bills.receipt.uploading', { percent })}
              </span>
              <div
                role="progressbar"
                aria-label={t('bills.receipt.heading')}
                aria-valuemin={0}
                aria-valuemax={100}
                aria-valuenow={percent}
                className="h-1.5 w-full overflow-hidden rounded-full bg-slate-200"
              >
                <div className="h-full rounded-full bg-brand-600" style={{ width: `${percent}%` }} />
              </div>
            </div>
          )}
          <UploadButtons
            busy={busy}
            hasPhoto={Boolean(receipt)}
            accept="image/*"
            describedBy={error ? errorId : receipt ? undefined : hintId}
            chooseIcon={
              receipt ? (
                <ArrowPathIcon aria-hidden="true" className="size-5" />
              ) : (
                <PaperClipIcon aria-hidden="true" className="size-5" />
              )
            }
            labels={{
              choose: receipt ? t('bills.receipt.replace') : t('bills.receipt.attach'),
              take: t('bills.receipt.take'),
              cancel: t('bills.receipt.cancel'),
              remove: t('bills.receipt.remove'),
            }}
            onFile={(event) => void onFile(event)}
            onCancel={() => abort.current?.abort()}
            onRemove={() => {
              setFailure(null);
              onChange(null);
            }}
          />
        </div>
      </div>
      {error ? (
        <FieldError id={errorId} message={error} />
      ) : (
        !receipt &&
        !busy && (
          <p id={hintId} className="text-sm text-slate-500">
            {t('bills.receipt.hint')}
          </p>
        )
      )}
    </section>
  );
}
