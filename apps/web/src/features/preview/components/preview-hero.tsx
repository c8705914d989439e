import type { RoomPreview } from '@outing/contract';
import { BackButton } from '@/components/back-button';
import { Logo } from '@/components/logo';
import { RoomImage } from '@/entities/room/room-image';
import { ROOM_HERO_SIZES } from '@/entities/room/room-image-sources';

/**
 * The room's picture with its name over it. A signed-in viewer gets a back button; a visitor from a shared link
 * sees the app's mark instead (there is nowhere to go back to).
 */
export function PreviewHero({ preview, signedIn }: { preview: RoomPreview; signedIn: boolean }) {
  return (
    <header className="relative isolate">
      <RoomImage
        src={preview.imageUrl}
        pictureUrl={preview.pictureUrl}
        className="aspect-[16/9] max-h-64 w-full"
        sizes={ROOM_HERO_SIZES}
        priority
      />
      <div
        aria-hidden="true"
        className="absolute inset-0 bg-gradient-to-t from-ink/80 via-ink/20 to-ink/30"
      />
      <div className="absolute inset-x-0 top-0 flex items-center justify-between p-2 pt-[max(0.5rem,env(safe-area-inset-top))]">
        {signedIn ? (
          <span className="rounded-full bg-surface/90 shadow-sm backdrop-blur">
            <BackButton fallback="/explore" />
          </span>
        ) : (
          <span className="rounded-full bg-surface/90 px-3 py-1.5 shadow-sm backdrop-blur">
            <Logo className="size-7" withWordmark />
          </span>
        )}
      </div>
      <h1 className="absolute inset-x-0 bottom-0 px-4 pb-4 text-2xl leading-tight font-bold break-words text-white drop-shadow-md">
        {preview.name}
      </h1>
    </header>
  );
}
