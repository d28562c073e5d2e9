/** The contact modal's id: the invokers on every page (actions/contact-button.tsx) name it in `commandfor`. */
export const CONTACT_DIALOG_ID = "contact-dialog";
/** Its title's id, which names the dialog. */
export const CONTACT_TITLE_ID = `${CONTACT_DIALOG_ID}-title`;
