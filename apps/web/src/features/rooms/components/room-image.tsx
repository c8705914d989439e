import { useState } from 'react';

/** A room's picture (one of the six served images); decorative, the name always stands beside or over it. */
export function RoomImage({ src, className = '' }: { src: string; className?: string }) {
  const [failed, setFailed] = useState<string | null>(null);
  return (
    <span
      aria-hidden="true"
      className={`block overflow-hidden bg-gradient-to-br from-brand-500 to-brand-800 ${className}`}
    >
      {failed !== src && (
        <img
          src={src}
          alt=""
          loading="lazy"
          decoding="async"
          onError={() => setFailed(src)}
          className="size-full object-cover"
        />
      )}
    </span>
  );
}
