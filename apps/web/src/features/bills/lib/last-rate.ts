// The last rate used in a room for a currency (issue 36): offered the next time, kept on this device only.

const key = (roomId: string, currency: string) => `outing.bills.lastRate.${roomId}.${currency}`;

export function lastRate(roomId: string, currency: string): string | null {
  try {
    return localStorage.getItem(key(roomId, currency));
  } catch {
    return null;
  }
}

export function rememberRate(roomId: string, currency: string, rate: string): void {
  try {
    localStorage.setItem(key(roomId, currency), rate);
  } catch {
    // Storage full or refused: nothing to offer next time.
  }
}
