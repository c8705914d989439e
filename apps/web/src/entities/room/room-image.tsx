import { useState } from 'react';
import { pictureSrcSet, webpSrcSet } from './room-image-sources';

interface RoomImageProps {
  /** The room's preset (`imageUrl`): shown when it has no own picture, or that picture fails to load. */
  src: string;
  /** The host's own picture (`room.pictureUrl`), preferred over `src` when set. */
  pictureUrl?: string | null;
  className?: string;
  /** The `sizes` of the box: how wide it is drawn, in CSS pixels or viewport units. */
  sizes?: string;
  /** The screen's main picture (its largest content): fetched at once and first, not when laid out. */
  priority?: boolean;
}

/**
 * A room's picture: the host's own (its 160/480/960 px renditions) or one of the six served images; decorative,
 * the name always stands beside or over it.
 */
export function RoomImage({
  src,
  pictureUrl,
  className = '',
  sizes = '100vw',
  priority = false,
}: RoomImageProps) {
  const [failed, setFailed] = useState<ReadonlySet<string>>(() => new Set());
  // An own picture that cannot be loaded gives way to the preset rather than to an empty box.
  const own = pictureUrl && !failed.has(pictureUrl) ? pictureUrl : null;
  const shown = own ?? src;
  const srcSet = own ? pictureSrcSet(own) : webpSrcSet(src);
  const img = (
    <img
      src={shown}
      alt=""
      loading={priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : 'auto'}
      decoding="async"
      onError={() => setFailed((before) => new Set(before).add(shown))}
      className="size-full object-cover"
    />
  );
  return (
    <span
      aria-hidden="true"
      className={`block overflow-hidden bg-gradient-to-br from-brand-500 to-brand-800 ${className}`}
    >
      {!failed.has(shown) &&
        (srcSet ? (
          <picture key={shown} className="contents">
            <source type="image/webp" srcSet={srcSet} sizes={sizes} />
            {img}
          </picture>
        ) : (
          img
        ))}
    </span>
  );
}
