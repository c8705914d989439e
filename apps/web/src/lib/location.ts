/** Leaves the app for another site (the sign-in provider). Its own module so tests can replace it. */
export function assignLocation(url: string): void {
  window.location.assign(url);
}
