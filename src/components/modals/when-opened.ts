/**
 * Calls `callback` once `dialog` is open: at once if it already is (a visitor opened it before the page's script
 * ran), else when it opens, however it is opened (an invoker, showModal, the open attribute). Returns a function
 * that stops waiting. The `open` attribute is watched rather than the dialog's toggle or command events, which
 * older browsers do not fire.
 */
export function whenOpened(dialog: HTMLDialogElement, callback: () => void): () => void {
  if (dialog.open) {
    callback();
    return () => undefined;
  }
  const observer = new MutationObserver(() => {
    if (!dialog.open) return;
    observer.disconnect();
    callback();
  });
  observer.observe(dialog, { attributes: true, attributeFilter: ["open"] });
  return () => observer.disconnect();
}
