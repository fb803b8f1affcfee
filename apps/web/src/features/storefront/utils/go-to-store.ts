/** Leaves for a store's page; its own module so that tests can observe it. */
export function goToStore(url: string): void {
  window.location.assign(url);
}
