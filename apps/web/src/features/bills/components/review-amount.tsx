/** An amount in the room's currency, with what it was in the bill's own currency beside it (a foreign bill). */
export function ReviewAmount({ text, original }: { text: string; original: string | null }) {
  return (
    <span className="shrink-0 text-right tabular-nums">
      <span className="font-semibold text-slate-900">{text}</span>
      {original !== null && <span className="block text-xs font-normal text-slate-600">{original}</span>}
    </span>
  );
}
