import { useRef } from "react";
import { TYPEAHEAD_RESET_MS } from "../../lib/constants";
import { emptyTypeahead, findTypeaheadMatch, isTypeaheadKey, typeaheadPush } from "../../lib/typeahead";

// what the visitor can see: not the links of a collapsed group (a closed <details> hides them from rendering)
const focusables = (panel: HTMLElement) =>
  Array.from(panel.querySelectorAll<HTMLElement>("a[href], button:not([disabled]), summary")).filter(
    (el) => el.checkVisibility() || el === document.activeElement,
  );

/**
 * Keyboard movement inside an open menu panel: arrows, Home/End and type-ahead (WAI-ARIA menu keys).
 * Returns true when the key was handled.
 */
export function useMenuKeys() {
  const typeahead = useRef(emptyTypeahead);
  return (event: React.KeyboardEvent, panel: HTMLElement | null): boolean => {
    if (!panel) return false;
    const items = focusables(panel);
    if (items.length === 0) return false;
    const current = items.indexOf(document.activeElement as HTMLElement);
    let next = -1;
    if (event.key === "ArrowDown") next = current < 0 ? 0 : (current + 1) % items.length;
    else if (event.key === "ArrowUp")
      next = current < 0 ? items.length - 1 : (current - 1 + items.length) % items.length;
    else if (event.key === "Home") next = 0;
    else if (event.key === "End") next = items.length - 1;
    else if (isTypeaheadKey(event)) {
      typeahead.current = typeaheadPush(typeahead.current, event.key, Date.now(), TYPEAHEAD_RESET_MS);
      next = findTypeaheadMatch(
        items.map((el) => el.textContent ?? ""),
        current,
        typeahead.current.buffer,
      );
      if (next < 0) return true;
    } else return false;
    event.preventDefault();
    items[next]?.focus();
    return true;
  };
}
