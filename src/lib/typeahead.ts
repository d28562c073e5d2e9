// Type-ahead for menus and listboxes (spec §9: the typed buffer resets after 350 ms).

export interface TypeaheadState {
  buffer: string;
  lastAt: number;
}

export const emptyTypeahead: TypeaheadState = { buffer: "", lastAt: -Infinity };

/** Adds a typed character; the buffer starts again when more than resetMs have passed since the last key. */
export function typeaheadPush(state: TypeaheadState, char: string, now: number, resetMs: number): TypeaheadState {
  const buffer = now - state.lastAt > resetMs ? char : state.buffer + char;
  return { buffer: buffer.toLowerCase(), lastAt: now };
}

/** Whether a key is one character that type-ahead should take (a letter, digit or space, no modifier). */
export const isTypeaheadKey = (event: { key: string; ctrlKey: boolean; metaKey: boolean; altKey: boolean }) =>
  event.key.length === 1 && /\S/.test(event.key) && !event.ctrlKey && !event.metaKey && !event.altKey;

/**
 * The index of the next label starting with the buffer, searching after `current` and wrapping.
 * One letter typed again and again cycles through the labels that start with it.
 */
export function findTypeaheadMatch(labels: readonly string[], current: number, buffer: string): number {
  if (!buffer || labels.length === 0) return -1;
  const repeated = buffer.split("").every((c) => c === buffer[0]);
  const search = repeated ? buffer[0] : buffer;
  const startOffset = repeated || current < 0 ? 1 : 0;
  for (let i = 0; i < labels.length; i++) {
    const index = (Math.max(current, -1) + startOffset + i + labels.length) % labels.length;
    if (labels[index].trim().toLowerCase().startsWith(search)) return index;
  }
  return -1;
}
