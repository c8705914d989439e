import { useState } from 'react';
import { useT } from '@/lib/i18n/use-t';
import type { BillDraft } from './bill-draft';
import type { Evaluation } from './bill-evaluate';
import { noteError } from './bill-extras';

/**
 * Which error the bill form shows where: a field's own once it was left or a review was asked for, the server's
 * (a refused save) until that field is edited. The category, note and receipt are checked here, not by the split's
 * evaluation (they change no one's share).
 */
export function useBillErrors({
  evaluation,
  mode,
  note,
  uploading,
}: {
  evaluation: Evaluation;
  mode: BillDraft['mode'];
  note: string;
  /** The receipt is still going up: no review until it is there. */
  uploading: boolean;
}) {
  const t = useT();
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  /** A review was asked for: every field's error shows. */
  const [showAll, setShowAll] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});

  const extrasErrors: Record<string, string | undefined> = {
    note: noteError(note),
    receiptPictureId: uploading ? t('bills.receipt.waitUpload') : undefined,
  };
  const touch = (key: string) => setTouched((t) => (t.has(key) ? t : new Set(t).add(key)));
  /** Fields edited: their server errors no longer apply (for lists, every error of the list). */
  const forget = (...keys: string[]) =>
    setServerErrors((errors) => {
      const kept = Object.entries(errors).filter(
        ([k]) => !keys.some((key) => k === key || k.startsWith(`${key}.`)),
      );
      return kept.length === Object.keys(errors).length ? errors : Object.fromEntries(kept);
    });
  const errorOf = (key: string) =>
    serverErrors[key] ??
    (showAll || touched.has(key) ? (evaluation.errors[key] ?? extrasErrors[key]) : undefined);
  const groupError =
    serverErrors.split ??
    serverErrors[mode === 'items' ? 'items' : mode] ??
    (showAll ? (evaluation.errors[mode] ?? evaluation.errors.split ?? evaluation.errors.charges) : undefined);

  return {
    showAll,
    setShowAll,
    serverErrors,
    setServerErrors,
    extrasErrors,
    touch,
    forget,
    errorOf,
    groupError,
  };
}
