// What the visitor types between asking for the search (⌘K, a button) and its field appearing: on a first opening
// its code is still on the way, and the keys would otherwise be lost. Part of the first load (a few lines); the
// search itself is not.
let typed = "";
let listening: ((event: KeyboardEvent) => void) | null = null;

/** Keeps the keys typed outside any field while the search opens; returns a function that stops. */
export function keepTypedAhead(): () => void {
  typed = "";
  // one listener at most, however many times the search is asked for before it shows
  if (listening) document.removeEventListener("keydown", listening);
  const onKey = (event: KeyboardEvent) => {
    const target = event.target as HTMLElement | null;
    if (target?.closest?.("input, textarea, select, [contenteditable]")) return;
    if (event.metaKey || event.ctrlKey || event.altKey) return;
    if (event.key === "Backspace") typed = typed.slice(0, -1);
    else if (event.key.length === 1) typed += event.key;
  };
  listening = onKey;
  document.addEventListener("keydown", onKey);
  return () => {
    document.removeEventListener("keydown", onKey);
    if (listening === onKey) listening = null;
  };
}

/** The keys kept so far, once: the search's field starts with them. */
export function takeTypedAhead(): string {
  const text = typed;
  typed = "";
  return text;
}
