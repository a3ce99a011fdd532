/** Leaves the app for another address (a full page load), e.g. a sign-in provider when popups are blocked. */
export function leavePage(url: string): void {
  window.location.assign(url);
}
