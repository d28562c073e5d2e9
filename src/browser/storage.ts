// Browser storage that never throws: blocked storage (private mode, disabled cookies) reads as empty.

type Area = "local" | "session";

function area(kind: Area): Storage | null {
  try {
    return kind === "local" ? window.localStorage : window.sessionStorage;
  } catch {
    return null;
  }
}

export function readStored(kind: Area, key: string): string | null {
  try {
    return area(kind)?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

export function writeStored(kind: Area, key: string, value: string): void {
  try {
    area(kind)?.setItem(key, value);
  } catch {
    // storage full or blocked: the feature simply does not remember
  }
}

export function removeStored(kind: Area, key: string): void {
  try {
    area(kind)?.removeItem(key);
  } catch {
    // blocked storage has nothing to remove
  }
}

// spec §3: the keys the site uses
export const STORAGE_KEYS = {
  saveDetails: "saveDetails",
  name: "name",
  email: "email",
  popupShown: "popupShown",
  /** the visit's first touch, with consent to analytics only (src/browser/visit.ts) */
  firstTouch: "firstTouch",
} as const;

/** The comment form's saved details (spec §4), or null when none are saved. */
export function readCommentDetails(): { name: string; email: string } | null {
  if (readStored("local", STORAGE_KEYS.saveDetails) !== "true") return null;
  return { name: readStored("local", STORAGE_KEYS.name) ?? "", email: readStored("local", STORAGE_KEYS.email) ?? "" };
}

export function rememberCommentDetails(save: boolean, name: string, email: string): void {
  if (save) {
    writeStored("local", STORAGE_KEYS.saveDetails, "true");
    writeStored("local", STORAGE_KEYS.name, name);
    writeStored("local", STORAGE_KEYS.email, email);
  } else {
    for (const key of [STORAGE_KEYS.saveDetails, STORAGE_KEYS.name, STORAGE_KEYS.email]) removeStored("local", key);
  }
}
