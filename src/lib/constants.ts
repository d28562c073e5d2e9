// Business constants of spec §9, each once.
export const WELCOME_POPUP_DELAY_MS = 30_000;
export const CONTACT_MODAL_CLOSE_MS = 2_000;
export const COMMENT_SUCCESS_MS = 5_000;
export const HEADER_FIXED_AT_PX = 5;
export const FOOTER_SERVICES = { initial: 5, step: 10, collapsed: 8 } as const;
export const DEFAULT_COUNTRY = { shortName: "IN", code: "91" } as const;
export const DESKTOP_MIN_WIDTH_PX = 1024;
export const DESKTOP_MEDIA_QUERY = `(min-width: ${DESKTOP_MIN_WIDTH_PX}px)`;
export const HASH_SCROLL_DELAY_MS = 500;
export const TYPEAHEAD_RESET_MS = 350;
export const LAZY_IMAGE_MARGIN_PX = 200;
