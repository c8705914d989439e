import { useId } from 'react';
import { CalculatorIcon } from '@heroicons/react/24/outline';
import type { User } from '@outing/contract';
import { formatMoney as formatIn } from '../../../lib/money';
import { previewBill } from '../lib/bill-preview';

interface BillSplitPreviewProps {
  totalCents: number | null;
  me: User;
  /** Everyone who may be picked, to name the shares. */
  people: User[];
  payerIds: number[];
  includeOwner: boolean;
  /** The room's currency (ISO 4217). */
  currency?: string;
}

/**
 * Who pays what, live, exact to the cent (the ledger's own split). When the cents do not divide evenly the extra
 * cents go to participants chosen by the bill's id, known only once it is saved: the shares are then "about".
 */
export function BillSplitPreview({
  totalCents,
  me,
  people,
  payerIds,
  includeOwner,
  currency = 'USD',
}: BillSplitPreviewProps) {
  const formatMoney = (minor: number) => formatIn(minor, currency);
  const headingId = useId();
  const preview =
    totalCents === null ? null : previewBill({ totalCents, ownerId: me.id, payerIds, includeOwner });
  const nameOf = (id: number) =>
    id === me.id ? 'You' : (people.find((p) => p.id === id)?.username ?? `Member ${id}`);

  return (
    <section aria-labelledby={headingId} className="rounded-2xl bg-brand-50 px-4 py-4 ring-1 ring-brand-100">
      <h2 id={headingId} className="flex items-center gap-2 text-sm font-semibold text-brand-900">
        <CalculatorIcon aria-hidden="true" className="size-5" />
        Each person’s share
      </h2>
      {preview === null || totalCents === null ? (
        <p className="mt-2 text-sm text-slate-700">Enter an amount and choose who pays to see each share.</p>
      ) : (
        <>
          <ul aria-label="Shares" className="mt-3 flex flex-col gap-1.5">
            {[...preview.shares]
              // You first, then by name: the order people look for themselves.
              .sort((a, b) =>
                a.userId === me.id
                  ? -1
                  : b.userId === me.id
                    ? 1
                    : nameOf(a.userId).localeCompare(nameOf(b.userId)),
              )
              .map((share) => (
                <li
                  key={share.userId}
                  data-testid="share"
                  className="flex items-baseline justify-between gap-3 text-sm text-slate-800"
                >
                  <span className="min-w-0 truncate">
                    {nameOf(share.userId)}
                    {share.userId === me.id && <span className="text-slate-600"> (your own share)</span>}
                  </span>
                  <span className="shrink-0 font-semibold text-slate-900 tabular-nums">
                    {!preview.even && <span className="font-normal text-slate-600">about </span>}
                    {formatMoney(share.cents)}
                  </span>
                </li>
              ))}
          </ul>
          <p className="mt-3 border-t border-brand-100 pt-2 text-xs text-slate-700">
            {preview.even
              ? `${formatMoney(totalCents)} split evenly ${preview.participants} ${preview.participants === 1 ? 'way' : 'ways'}.`
              : `${formatMoney(totalCents)} doesn’t split evenly ${preview.participants} ways: ${preview.leftover} of you ${
                  preview.leftover === 1 ? 'pays' : 'pay'
                } 1 cent more, decided when the bill is saved.`}
            {!includeOwner && ' You are not sharing it: the others owe you all of it.'}
          </p>
        </>
      )}
    </section>
  );
}
