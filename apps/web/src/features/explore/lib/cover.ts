/** The picture a room card draws: the host's own upload at the width asked for, else the preset. */
export function coverSrc(
  room: { imageUrl: string; pictureUrl: string | null },
  width: 160 | 480 | 960,
): string {
  if (!room.pictureUrl) return room.imageUrl;
  if (width === 960) return room.pictureUrl;
  return `${room.pictureUrl}${room.pictureUrl.includes('?') ? '&' : '?'}w=${width}`;
}

/** "5 going", "5 of 8 going". */
export function goingLabel(goingCount: number, capacity: number | null): string {
  return capacity === null ? `${goingCount} going` : `${goingCount} of ${capacity} going`;
}

/** Going has reached the capacity: a join now waits on the waitlist. */
export function isFull(goingCount: number, capacity: number | null): boolean {
  return capacity !== null && goingCount >= capacity;
}
