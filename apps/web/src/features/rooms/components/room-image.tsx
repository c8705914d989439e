import { useState } from 'react';
import { webpSrcSet } from '../lib/room-image-sources';

interface RoomImageProps {
  src: string;
  className?: string;
  /** The `sizes` of the box: how wide it is drawn, in CSS pixels or viewport units. */
  sizes?: string;
  /** The screen's main picture (its largest content): fetched at once and first, not when laid out. */
  priority?: boolean;
}

/** A room's picture (one of the six served images); decorative, the name always stands beside or over it. */
export function RoomImage({ src, className = '', sizes = '100vw', priority = false }: RoomImageProps) {
  const [failed, setFailed] = useState<string | null>(null);
  const srcSet = webpSrcSet(src);
  const img = (
    <img
      src={src}
      alt=""
      loading={priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : 'auto'}
      decoding="async"
      onError={() => setFailed(src)}
      className="size-full object-cover"
    />
  );
  return (
    <span
      aria-hidden="true"
      className={`block overflow-hidden bg-gradient-to-br from-brand-500 to-brand-800 ${className}`}
    >
      {failed !== src &&
        (srcSet ? (
          <picture className="contents">
            <source type="image/webp" srcSet={srcSet} sizes={sizes} />
            {img}
          </picture>
        ) : (
          img
        ))}
    </span>
  );
}
