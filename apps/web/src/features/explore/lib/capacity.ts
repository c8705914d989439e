/** "5 going", "5 of 8 going". */
export function goingLabel(goingCount: number, capacity: number | null): string {
  return capacity === null ? `${goingCount} going` : `${goingCount} of ${capacity} going`;
}

/** Going has reached the capacity: a join now waits on the waitlist. */
export function isFull(goingCount: number, capacity: number | null): boolean {
  return capacity !== null && goingCount >= capacity;
}
