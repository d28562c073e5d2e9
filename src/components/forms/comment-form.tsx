import React, { useEffect, useState } from "react";
import { COMMENT_SUCCESS_MS } from "../../lib/constants";
import { MESSAGES } from "../../lib/messages";
import { buildCommentPayload } from "../../lib/payloads";
import { readCommentDetails, rememberCommentDetails } from "../../browser/storage";
import { validateComment, type CommentValues } from "../../lib/validation";
import { useSiteData } from "../layout/use-site-data";
import { LeadForm, type FieldSpec } from "./lead-form";
import { useLeadForm } from "./use-lead-form";
import * as styles from "./fields.module.css";

const empty: CommentValues = { name: "", email: "", comment: "" };
const fields: FieldSpec<CommentValues>[] = [
  { key: "name", label: "Name", autoComplete: "name" },
  { key: "email", label: "Email", type: "email", autoComplete: "email" },
  { key: "comment", label: "Comment", multiline: true },
];

/**
 * Comments on posts (spec §3–§5, §7, §8), with "save my details" in local storage. Without script the form posts
 * the post's `path` as its url (the endpoint adds the origin it was sent from).
 */
export function CommentForm({ path }: { path?: string }) {
  const { site } = useSiteData();
  const [save, setSave] = useState(false);
  const form = useLeadForm({
    kind: "comment",
    empty,
    validate: validateComment,
    showErrors: "on-submit",
    body: (values, { href, labels }) => buildCommentPayload(values, href, labels),
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
    <LeadForm
      form={form}
      label="Comment"
      fields={fields}
      hidden={{ type: site.labels.comment, ...(path ? { url: path } : {}) }}
      submit={{ idle: "Post comment", sending: "Posting…" }}
      browserChecks
    >
      <label className={styles.checkbox}>
        <input type="checkbox" checked={save} onChange={(event) => setSave(event.target.checked)} />
        <span>Save my name and email in this browser for the next time I comment</span>
      </label>
    </LeadForm>
  );
}
