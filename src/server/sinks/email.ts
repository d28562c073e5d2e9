import nodemailer from "nodemailer";
import { CV_KINDS, sizeInWords } from "../../lib/cv-file";
import { FORMS } from "../../lib/forms";
import { WITHOUT_CAPTCHA } from "../spam";
import { PermanentFailure, type Sink } from "../store/outbox";
import type { Submission, SubmissionKind } from "../store/types";

const JOB_WORDS =
  /\b(job|jobs|career|careers|resume|résumé|cv|internship|vacancy|vacancies|hiring|position|apply|application)\b/i;

type Mailboxes = { sales: string; jobs: string };

/** Applications and job-related enquiries go to the jobs mailbox; everything else to sales (comments to their moderator). */
export function mailboxFor(
  lead: { kind: SubmissionKind; fields: Record<string, string> },
  mailboxes: Mailboxes,
): string {
  if (lead.kind === "application") return mailboxes.jobs;
  return lead.kind === "contact" && JOB_WORDS.test(lead.fields.info ?? "") ? mailboxes.jobs : mailboxes.sales;
}

/** Each kind's subject: a form's is its declaration's (src/lib/forms.ts); a booking is no form of the site. */
export const subjectOf = (kind: SubmissionKind): string =>
  kind === "booking" ? "New consultation booked" : FORMS[kind].subject;

export interface EmailOptions {
  from: string;
  mailboxes: Mailboxes;
  /** who approves comments */
  moderator: string;
  /** the signed Approve and Reject links of a comment (src/server/moderation.ts) */
  linksFor: (comment: Submission) => Promise<{ approve: string; reject: string; expires: Date }>;
  /** an application's CV by its key in the file store (src/server/store/cv-files.ts), or null when it is not there */
  cvOf?: (key: string) => Promise<Uint8Array | null>;
}

const footer = (s: Submission) => `Submission ${s.id}, received ${new Date(s.received_at).toISOString()}.`;

/** Where a mail program or a reader starts a new line (CR, LF, CRLF, NEL, the Unicode line and paragraph separators). */
const LINE_BREAK = /\r\n|[\n\r\v\f\u0085\u2028\u2029]/;

/** What a visitor typed, set apart: each of its lines after "> ", as a mail quotes (a blank one as ">"). */
export const quoted = (text: string): string[] => text.split(LINE_BREAK).map((line) => (line ? `> ${line}` : ">"));

/**
 * The fields of a submission as the mail's lines: `name: value` when the value is one line; else `name:`, then the
 * value quoted, so that no line the visitor typed (`email: …`, `Approve: …`) can pass for one of the mail's own.
 */
export const fieldLines = (fields: Record<string, string>): string[] =>
  Object.entries(fields).flatMap(([name, value]) =>
    LINE_BREAK.test(value) ? [`${name}:`, ...quoted(value)] : [`${name}: ${value}`],
  );

async function commentMail(s: Submission, linksFor: EmailOptions["linksFor"]) {
  const links = await linksFor(s);
  return {
    subject: `${subjectOf("comment")}: ${s.fields.url ? new URL(s.fields.url).pathname : "a blog post"}`,
    text: [
      `${s.name} <${s.email}> commented on ${s.page_url}:`,
      "",
      ...quoted(s.message),
      "",
      `Approve: ${links.approve}`,
      `Reject: ${links.reject}`,
      "",
      `Each link opens a page of the site that asks you to confirm; nothing changes until you press its button. They work until ${links.expires.toUTCString()}.`,
      `In a terminal: npm run leads -- approve ${s.id.slice(0, 8)} (or reject ${s.id.slice(0, 8)}).`,
      "",
      footer(s),
    ].join("\n"),
  };
}

/** An application's CV, attached as the hiring team's mail client shows it: its name, its type by its bytes. */
async function cvAttachment(s: Submission, cvOf: EmailOptions["cvOf"]) {
  if (!s.cv_key || !s.cv_kind) return [];
  const bytes = cvOf ? await cvOf(s.cv_key) : null;
  // not there: erased or purged with its row since (then this delivery is gone too), or the store lost it
  if (!bytes) throw new PermanentFailure(`the CV ${s.cv_key} is not in the file store`);
  return [
    {
      filename: s.cv_name ?? `cv.${CV_KINDS[s.cv_kind].extension}`,
      content: Buffer.from(bytes),
      contentType: CV_KINDS[s.cv_kind].type,
    },
  ];
}

/** What the hiring team reads of an application: the opening in the subject, the fields, and the attached CV named. */
function applicationMail(s: Submission) {
  return {
    subject: `${subjectOf("application")}: ${s.fields.opening ?? ""}${s.fields.captcha === WITHOUT_CAPTCHA ? ` (${WITHOUT_CAPTCHA})` : ""}`,
    text: [
      ...fieldLines(s.fields),
      "",
      s.cv_name && s.cv_kind && s.cv_size
        ? `The CV is attached: ${s.cv_name} (${CV_KINDS[s.cv_kind].extension.toUpperCase()}, ${sizeInWords(s.cv_size)}). In a terminal: npm run leads -- cv ${s.id.slice(0, 8)} FILE.`
        : "No CV was stored with it.",
      "",
      footer(s),
    ].join("\n"),
  };
}

/** What sales reads of a booking: the event and its time in the subject, the fields, and the booking's channel. */
function bookingMail(s: Submission) {
  return {
    subject: `${subjectOf("booking")}: ${s.message.split("\n")[0]}`,
    text: [...fieldLines(s.fields), `channel: ${s.channel}`, "", `Booked through Calendly. ${footer(s)}`].join("\n"),
  };
}

/** The SMTP relay of SMTP_URL; one that does not answer fails the attempt within seconds, for a later retry. */
export const mailTransport = (smtpUrl: string) =>
  nodemailer.createTransport(smtpUrl, { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 });

/**
 * Sends each submission by e-mail over SMTP (SMTP_URL, e.g. smtps://user:pass@smtp.example.com): an enquiry,
 * subscription or registration to the sales or jobs mailbox, a comment to its moderator with its links.
 */
export function emailSink(smtpUrl: string, { from, mailboxes, moderator, linksFor, cvOf }: EmailOptions): Sink {
  const transport = mailTransport(smtpUrl);
  return {
    name: "email",
    async deliver(submission) {
      const { subject, text } =
        submission.kind === "comment"
          ? await commentMail(submission, linksFor)
          : submission.kind === "application"
            ? applicationMail(submission)
            : submission.kind === "booking"
              ? bookingMail(submission)
              : {
                  subject:
                    submission.fields.captcha === WITHOUT_CAPTCHA
                      ? `${subjectOf(submission.kind)} (${WITHOUT_CAPTCHA})`
                      : subjectOf(submission.kind),
                  text: [...fieldLines(submission.fields), "", footer(submission)].join("\n"),
                };
      await transport.sendMail({
        from,
        to: submission.kind === "comment" ? moderator : mailboxFor(submission, mailboxes),
        replyTo: submission.kind !== "newsletter" && submission.email ? submission.email : undefined,
        subject,
        text,
        attachments: submission.kind === "application" ? await cvAttachment(submission, cvOf) : undefined,
        headers: { "X-Submission-Id": submission.id },
      });
    },
  };
}
