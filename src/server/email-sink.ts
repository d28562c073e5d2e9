import nodemailer from "nodemailer";
import type { Lead } from "../lib/lead-rules";

const JOB_WORDS =
  /\b(job|jobs|career|careers|resume|résumé|cv|internship|vacancy|vacancies|hiring|position|apply|application)\b/i;

/** Job-related enquiries go to the jobs mailbox; everything else, comment alerts included, to sales. */
export function mailboxFor(lead: Lead, mailboxes: { sales: string; jobs: string }): string {
  return lead.kind === "contact" && JOB_WORDS.test(lead.fields.info ?? "") ? mailboxes.jobs : mailboxes.sales;
}

const subjects: Record<Lead["kind"], string> = {
  contact: "New enquiry from the website",
  newsletter: "New newsletter subscriber",
  comment: "New comment on a blog post",
  webinar: "New webinar registration",
};

/** Sends each lead by e-mail over SMTP (SMTP_URL, e.g. smtps://user:pass@smtp.example.com). */
export function emailSink(smtpUrl: string, from: string, mailboxes: { sales: string; jobs: string }) {
  const transport = nodemailer.createTransport(smtpUrl);
  return async function mailLead(lead: Lead): Promise<void> {
    const lines = Object.entries(lead.fields).map(([key, value]) => `${key}: ${value}`);
    await transport.sendMail({
      from,
      to: mailboxFor(lead, mailboxes),
      replyTo: lead.fields.email && lead.kind !== "newsletter" ? lead.fields.email : undefined,
      subject: subjects[lead.kind],
      text: lines.join("\n"),
    });
  };
}
