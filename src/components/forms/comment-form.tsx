import React, { useEffect, useId, useRef, useState } from "react";
import { COMMENT_SUCCESS_MS } from "../../lib/constants";
import { commentAlertText, LEAD_ENDPOINT, sendComment } from "../../lib/lead-client";
import { MESSAGES } from "../../lib/messages";
import { buildCommentPayload } from "../../lib/payloads";
import { readCommentDetails, rememberCommentDetails } from "../../lib/storage";
import { hasErrors, validateComment, type CommentErrors, type CommentValues } from "../../lib/validation";
import { useSiteData } from "../layout/use-site-data";
import { TextField } from "./text-field";
import { useFormSignals } from "./use-form-signals";
import * as styles from "./fields.module.css";

const empty: CommentValues = { name: "", email: "", comment: "" };

/**
 * Comments on posts (spec §3–§5, §7, §8), with "save my details" in local storage. Without script the form posts
 * itself, with the post's `path` as its url (the endpoint adds the origin it was sent from).
 */
export function CommentForm({ path }: { path?: string }) {
  const { site } = useSiteData();
  const signals = useFormSignals();
  const id = useId();
  const [values, setValues] = useState(empty);
  const [save, setSave] = useState(false);
  const [errors, setErrors] = useState<CommentErrors>({});
  const [sending, setSending] = useState(false);
  const [success, setSuccess] = useState("");
  const successTimer = useRef<number>();

  useEffect(() => {
    const saved = readCommentDetails();
    if (saved) {
      setValues((v) => ({ ...v, name: saved.name, email: saved.email }));
      setSave(true);
    }
    return () => window.clearTimeout(successTimer.current);
  }, []);

  const change = (field: keyof CommentValues) => (value: string) => setValues((v) => ({ ...v, [field]: value }));

  const onSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    const problems = validateComment(values);
    setErrors(problems);
    if (hasErrors(problems)) return;
    setSending(true);
    try {
      await sendComment(signals.sign(buildCommentPayload(values, window.location.href, site.labels)));
      rememberCommentDetails(save, values.name.trim(), values.email.trim());
      setValues(empty);
      setSuccess(MESSAGES.commentSuccess);
      window.clearTimeout(successTimer.current);
      successTimer.current = window.setTimeout(() => setSuccess(""), COMMENT_SUCCESS_MS);
    } catch (error) {
      window.alert(commentAlertText(error));
    } finally {
      setSending(false);
    }
  };

  return (
    <form className={styles.form} method="post" action={LEAD_ENDPOINT} onSubmit={onSubmit} aria-label="Comment">
      <input type="hidden" name="type" value={site.labels.comment} />
      {path && <input type="hidden" name="url" value={path} />}
      <TextField
        id={`${id}-name`}
        name="name"
        label="Name"
        autoComplete="name"
        value={values.name}
        error={errors.name}
        onChange={change("name")}
      />
      <TextField
        id={`${id}-email`}
        name="email"
        label="Email"
        type="email"
        autoComplete="email"
        value={values.email}
        error={errors.email}
        onChange={change("email")}
      />
      <TextField
        id={`${id}-comment`}
        name="comment"
        label="Comment"
        multiline
        value={values.comment}
        error={errors.comment}
        onChange={change("comment")}
      />
      {signals.field}
      <label className={styles.checkbox}>
        <input type="checkbox" checked={save} onChange={(event) => setSave(event.target.checked)} />
        <span>Save my name and email in this browser for the next time I comment</span>
      </label>
      <button type="submit" className={styles.submit} disabled={sending}>
        {sending ? "Posting…" : "Post comment"}
      </button>
      <p className={styles.success} role="status">
        {success && `${success} ${MESSAGES.commentModeration}`}
      </p>
    </form>
  );
}
