// A person told when a delivery stops (issue 44): a delivery that failed its last automatic attempt is stuck (the
// outbox attempts it no more: src/server/store/outbox.ts), and the company's sales mailbox gets one message about it,
// naming the sink, the error and the command that attempts it again. The scheduled delivery sends these
// (src/server/scheduled-delivery.ts), whichever process made the last attempt: a request, the schedule, a replay.
// The message holds what the sales team reads of any lead (its kind, its time, the first characters of its id),
// none of the visitor's fields; an address in the error's text is left out too. The visitor gets nothing.
import { mailTransport } from "./sinks/email";
import { alertFailed, alertSent, claimAlerts, type Stuck } from "./store/outbox";
import type { Sql } from "./store/sql";
import type { SinkName } from "./store/types";

/** Each sink in words, and the setting that configures it. */
const SINKS: Record<SinkName, { words: string; setting: string }> = {
  email: { words: "the e-mail to the company's mailbox", setting: "SMTP_URL" },
  webhook: { words: "the webhook", setting: "LEAD_WEBHOOK_URL" },
  salesforce: { words: "Salesforce Web-to-Lead", setting: "WEB_TO_LEAD_URL, or content/site.json's org" },
  visitor: { words: "the confirmation e-mail to the visitor", setting: "SMTP_URL" },
};

const when = (at: Date | null) => (at ? `${new Date(at).toISOString().slice(0, 16).replace("T", " ")} UTC` : "never");

/** An error's text without any e-mail address in it (an SMTP refusal may name the visitor's). */
export const withoutAddresses = (text: string) =>
  text.replace(/[^\s<>()[\]"',;:]+@[^\s<>()[\]"',;:]+/g, "(an address)");

/** The message about one stuck delivery. */
export function alertMail(d: Stuck): { subject: string; text: string } {
  const short = d.submission_id.slice(0, 8);
  const sink = SINKS[d.sink];
  return {
    subject: `A delivery stopped: ${d.sink} for submission ${short}`,
    text: [
      `The ${d.kind} submission ${short}, received ${when(d.received_at)}, could not be delivered to ${sink.words}, and nothing will attempt it again on its own.`,
      "",
      `  sink:        ${d.sink} (${sink.words}; configured by ${sink.setting})`,
      `  error:       ${withoutAddresses(d.last_error ?? "(none recorded)")}`,
      `  attempts:    ${d.attempts}, the last ${when(d.last_attempt_at)}`,
      `  submission:  ${d.submission_id}`,
      "",
      "The submission is kept in the store. Once the cause is fixed, attempt it again from a terminal that reaches the",
      "site's store (DATABASE_URL set to it):",
      "",
      "  npm run leads -- replay",
      "",
      "which attempts every delivery that has not succeeded, this one included, and says what still fails.",
      `npm run leads -- show ${short} shows the submission and its deliveries; npm run leads -- list --stuck lists every`,
      "delivery that has stopped.",
      "",
      "This is the only message about this delivery.",
    ].join("\n"),
  };
}

export interface AlertMailbox {
  smtpUrl: string;
  from: string;
  /** the company's sales mailbox */
  to: string;
}

/**
 * Sends the alerts of up to `limit` stuck deliveries not told yet, one message each, and records each as told. A
 * delivery is claimed before its message is sent (claimAlerts): two senders at once never both send one. A message
 * the relay refuses is left for the next run; a sender that stops between the relay's acceptance and the record
 * (the platform ending it) leaves its claim to lapse after ALERT_LEASE_MS, and that one message goes again.
 */
export async function sendDeliveryAlerts(
  store: Sql,
  mailbox: AlertMailbox,
  limit: number,
): Promise<{ sent: number; failed: number }> {
  const claimed = await claimAlerts(store, limit);
  if (!claimed.length) return { sent: 0, failed: 0 };
  const transport = mailTransport(mailbox.smtpUrl);
  const outcomes = await Promise.all(
    claimed.map(async (d) => {
      const { subject, text } = alertMail(d);
      try {
        await transport.sendMail({
          from: mailbox.from,
          to: mailbox.to,
          subject,
          text,
          headers: { "X-Submission-Id": d.submission_id, "Auto-Submitted": "auto-generated" },
        });
      } catch (error) {
        console.error(
          `submission ${d.submission_id}: the alert that its delivery to ${d.sink} stopped could not be sent (${(error as Error).message}); the next run tries again`,
        );
        await alertFailed(store, d);
        return false;
      }
      await alertSent(store, d);
      return true;
    }),
  );
  transport.close();
  const sent = outcomes.filter(Boolean).length;
  return { sent, failed: outcomes.length - sent };
}
