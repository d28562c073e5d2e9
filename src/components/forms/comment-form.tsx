import React, { useEffect, useState } from "react";
import { COMMENT_SUCCESS_MS } from "../../lib/constants";
import { FORMS } from "../../lib/forms";
import { MESSAGES } from "../../lib/messages";
import { readCommentDetails, rememberCommentDetails } from "../../browser/storage";
import { LeadForm } from "./lead-form";
import { useLeadForm } from "./use-lead-form";
import * as styles from "./fields.module.css";

/**
 * Comments on posts (spec §3–§5, §7, §8; its fields and words in src/lib/forms.ts), with "save my details" in local storage. Without script the form posts
 * the post's `path` as its url (the endpoint adds the origin it was sent from).
 */
export function CommentForm({ path }: { path?: string }) {
  const [save, setSave] = useState(false);
  const form = useLeadForm({
    form: FORMS.comment,
    carried: path ? { url: path } : {},
    onSent: ({ values, reset, say }) => {
      rememberCommentDetails(save, values.name.trim(), values.email.trim());
      reset();
      say(`${MESSAGES.commentSuccess} ${MESSAGES.commentModeration}`, COMMENT_SUCCESS_MS);
    },
  });
  const { setValues } = form;

  useEffect(() => {
    const saved = readCommentDetails();
    if (!saved) return;
    setValues((v) => ({ ...v, name: saved.name, email: saved.email }));
    setSave(true);
  }, [setValues]);

  return (
    <LeadForm form={form}>
      <label className={styles.checkbox}>
        <input type="checkbox" checked={save} onChange={(event) => setSave(event.target.checked)} />
        <span>{FORMS.comment.remember}</span>
      </label>
    </LeadForm>
  );
}
