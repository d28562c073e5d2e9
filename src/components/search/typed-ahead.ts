// What the visitor types between asking for the search (⌘K, a button) and its field appearing: on a first opening
// its code is still on the way, and the keys would otherwise be lost. Part of the first load (a few lines); the
// search itself is not.
let typed = "";

/** Keeps the keys typed outside any field while the search opens; returns a function that stops. */
export function keepTypedAhead(): () => void {
  typed = "";
  const onKey = (event: KeyboardEvent) => {
    const target = event.target as HTMLElement | null;
    if (target?.closest?.("input, textarea, select, [contenteditable]")) return;
    if (event.metaKey || event.ctrlKey || event.altKey) return;
    if (event.key === "Backspace") typed = typed.slice(0, -1);
    else if (event.key.length === 1) typed += event.key;
  };
  document.addEventListener("keydown", onKey);
  return () => document.removeEventListener("keydown", onKey);
}

/** The keys kept so far, once: the search's field starts with them. */
export function takeTypedAhead(): string {
  const text = typed;
  typed = "";
  return text;
}
