// Whether the consent banner or its settings are on screen (or about to be): the welcome popup waits until they
// are answered, so the two never overlap or fight for focus.
let open = false;
const waiting = new Set<() => void>();

export const consentOnScreen = (): boolean => open;

export function setConsentOnScreen(value: boolean): void {
  open = value;
  if (value) return;
  const callbacks = [...waiting];
  waiting.clear();
  callbacks.forEach((callback) => callback());
}

/** Runs `callback` now, or once the consent banner is answered; returns a function that cancels it. */
export function whenConsentAnswered(callback: () => void): () => void {
  if (!open) {
    callback();
    return () => undefined;
  }
  waiting.add(callback);
  return () => waiting.delete(callback);
}
