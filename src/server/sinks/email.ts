import nodemailer from "nodemailer";
import type { LeadKind } from "../../lib/lead-rules";
import { WITHOUT_CAPTCHA } from "../spam";
import type { Sink } from "../store/outbox";
import type { Submission } from "../store/submissions";

const JOB_WORDS =
  /\b(job|jobs|career|careers|resume|résumé|cv|internship|vacancy|vacancies|hiring|position|apply|application)\b/i;

type Mailboxes = { sales: string; jobs: string };

/** Job-related enquiries go to the jobs mailbox; everything else to sales (comments to their moderator). */
export function mailboxFor(lead: { kind: LeadKind; fields: Record<string, string> }, mailboxes: Mailboxes): string {
  return lead.kind === "contact" && JOB_WORDS.test(lead.fields.info ?? "") ? mailboxes.jobs : mailboxes.sales;
}

export const SUBJECTS: Record<LeadKind, string> = {
  contact: "New enquiry from the website",
  newsletter: "New newsletter subscriber",
  comment: "A comment to approve",
  webinar: "New webinar registration",
};

export interface EmailOptions {
  from: string;
  mailboxes: Mailboxes;
  /** who approves comments */
  moderator: string;
  /** the signed Approve and Reject links of a comment (src/server/moderation.ts) */
  linksFor: (comment: Submission) => Promise<{ approve: string; reject: string; expires: Date }>;
}

const footer = (s: Submission) => `Submission ${s.id}, received ${new Date(s.received_at).toISOString()}.`;

async function commentMail(s: Submission, linksFor: EmailOptions["linksFor"]) {
  const links = await linksFor(s);
  return {
    subject: `${SUBJECTS.comment}: ${s.fields.url ? new URL(s.fields.url).pathname : "a blog post"}`,
    text: [
      `${s.name} <${s.email}> commented on ${s.page_url}:`,
      "",
      s.message,
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

/** The SMTP relay of SMTP_URL; one that does not answer fails the attempt within seconds, for a later retry. */
export const mailTransport = (smtpUrl: string) =>
  nodemailer.createTransport(smtpUrl, { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 });

/**
 * Sends each submission by e-mail over SMTP (SMTP_URL, e.g. smtps://user:pass@smtp.example.com): an enquiry,
 * subscription or registration to the sales or jobs mailbox, a comment to its moderator with its links.
 */
export function emailSink(smtpUrl: string, { from, mailboxes, moderator, linksFor }: EmailOptions): Sink {
  const transport = mailTransport(smtpUrl);
  return {
    name: "email",
    async deliver(submission) {
      const { subject, text } =
        submission.kind === "comment"
          ? await commentMail(submission, linksFor)
          : {
              subject:
                submission.fields.captcha === WITHOUT_CAPTCHA
                  ? `${SUBJECTS[submission.kind]} (${WITHOUT_CAPTCHA})`
                  : SUBJECTS[submission.kind],
              text: [
                ...Object.entries(submission.fields).map(([key, value]) => `${key}: ${value}`),
                "",
                footer(submission),
              ].join("\n"),
            };
      await transport.sendMail({
        from,
        to: submission.kind === "comment" ? moderator : mailboxFor(submission, mailboxes),
        replyTo: submission.kind !== "newsletter" && submission.email ? submission.email : undefined,
        subject,
        text,
        headers: { "X-Submission-Id": submission.id },
      });
    },
  };
}
