import nodemailer from "nodemailer";
import type { LeadKind } from "../lib/lead-rules";
import type { Sink } from "./store/outbox";
import type { Submission } from "./store/submissions";

const JOB_WORDS =
  /\b(job|jobs|career|careers|resume|résumé|cv|internship|vacancy|vacancies|hiring|position|apply|application)\b/i;

type Mailboxes = { sales: string; jobs: string };

/** Job-related enquiries go to the jobs mailbox; everything else, comment alerts included, to sales. */
export function mailboxFor(lead: { kind: LeadKind; fields: Record<string, string> }, mailboxes: Mailboxes): string {
  return lead.kind === "contact" && JOB_WORDS.test(lead.fields.info ?? "") ? mailboxes.jobs : mailboxes.sales;
}

export const SUBJECTS: Record<LeadKind, string> = {
  contact: "New enquiry from the website",
  newsletter: "New newsletter subscriber",
  comment: "New comment on a blog post",
  webinar: "New webinar registration",
};

/** Sends each submission by e-mail over SMTP (SMTP_URL, e.g. smtps://user:pass@smtp.example.com). */
export function emailSink(smtpUrl: string, from: string, mailboxes: Mailboxes): Sink {
  // a relay that does not answer fails the attempt within seconds; the outbox tries again later
  const transport = nodemailer.createTransport(smtpUrl, {
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  });
  return {
    name: "email",
    async deliver(submission: Submission) {
      const lines = Object.entries(submission.fields).map(([key, value]) => `${key}: ${value}`);
      await transport.sendMail({
        from,
        to: mailboxFor(submission, mailboxes),
        replyTo: submission.kind !== "newsletter" && submission.email ? submission.email : undefined,
        subject: SUBJECTS[submission.kind],
        text: [
          ...lines,
          "",
          `Submission ${submission.id}, received ${new Date(submission.received_at).toISOString()}`,
        ].join("\n"),
        headers: { "X-Submission-Id": submission.id },
      });
    },
  };
}
