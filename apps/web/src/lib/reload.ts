/** Full page reload; its own module so that tests can observe it. */
export function reloadPage(): void {
  window.location.reload();
}
