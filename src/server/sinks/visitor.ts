import { calendarFile, webinarTitled, whenInWords, type CatalogEvent } from "../../lib/event-catalog";
import { slugOf } from "../../lib/slug";
import { WITHOUT_CAPTCHA } from "../spam";
import type { SubscriptionLinks } from "../subscription";
import type { Sink } from "../store/outbox";
import type { Store } from "../store/sql";
import { findSubscriber } from "../store/subscribers";
import type { Submission } from "../store/types";
import { mailTransport } from "./email";

export interface VisitorMailOptions {
  from: string;
  siteTitle: string;
  siteUrl: string;
  store: () => Promise<Store>;
  /** the signed Confirm and Unsubscribe links of a subscriber */
  linksFor: (subscriberId: string) => Promise<SubscriptionLinks>;
  catalog: readonly CatalogEvent[];
  /** whether the endpoint checks the captcha with siteverify (RECAPTCHA_SECRET_KEY): else none was solved */
  captchaChecked: boolean;
  now?: () => Date;
}

/**
 * Whether a submission came with a solved captcha, checked by siteverify: only then may its visitor's mail hold
 * anything the visitor typed (their name). Without one (a form posted without script, marked `captcha: sent without
 * captcha`; or no RECAPTCHA_SECRET_KEY, so nothing was checked) anybody could have typed it, to anyone's address, and
 * the site would be relaying their words (issue 54): the mail is then the fixed one, the site's own facts only.
 */
const captchaSolved = (s: Submission, options: VisitorMailOptions) =>
  options.captchaChecked && s.fields.captcha !== WITHOUT_CAPTCHA;

interface Message {
  subject: string;
  text: string;
  headers?: Record<string, string>;
  attachments?: { filename: string; content: string; contentType: string }[];
}

/**
 * A subscription's confirmation (the double opt-in): the confirm link and the unsubscribe link, also in the headers
 * of RFC 8058's one click. Nothing the visitor typed but their address (where it goes). None once confirmed.
 */
async function confirmation(s: Submission, options: VisitorMailOptions): Promise<Message | string> {
  const subscriber = await findSubscriber(await options.store(), { email: s.email });
  if (!subscriber || subscriber.status !== "unconfirmed")
    return `not sent: the address is ${subscriber?.status ?? "gone"}`;
  const links = await options.linksFor(subscriber.id);
  return {
    subject: `Please confirm your subscription to ${options.siteTitle}'s newsletter`,
    text: [
      "Hello,",
      "",
      `Someone, we hope you, asked to receive ${options.siteTitle}'s monthly newsletter at this address. Nothing will be sent until you confirm. To confirm, open this link and press its button:`,
      "",
      links.confirm,
      "",
      `If it was not you, ignore this message: we will not write again, and the request is deleted after 30 days. The link works until ${links.confirmExpires.toUTCString()}.`,
      "",
      `To stop at any time: ${links.unsubscribe}`,
    ].join("\n"),
    headers: { "List-Unsubscribe": `<${links.unsubscribe}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
  };
}

/**
 * A webinar guest's confirmation: the webinar's own facts (the catalog's, found by the title the form carried), how to
 * join, its calendar invitation; and their name, only when they solved the captcha.
 */
function registration(s: Submission, webinar: CatalogEvent, options: VisitorMailOptions): Message {
  const now = options.now?.() ?? new Date();
  const page = `${options.siteUrl}${webinar.page}`;
  const past = new Date(webinar.start).getTime() + webinar.minutes * 60_000 < now.getTime();
  const joining = webinar.join
    ? `How to join: ${webinar.join} (open it a few minutes before the start; it works in a browser, nothing to install)`
    : "How to join: the joining link comes in a second message before the webinar.";
  return {
    subject: `You are registered: ${webinar.title}`,
    text: [
      captchaSolved(s, options) ? `Hello ${s.name},` : "Hello,",
      "",
      past
        ? `Thank you for registering for "${webinar.title}". It took place on ${whenInWords(webinar)}; its page is ${page}.`
        : `You are registered for "${webinar.title}".`,
      ...(past
        ? []
        : [
            "",
            `When: ${whenInWords(webinar)}`,
            `Length: ${webinar.minutes} minutes`,
            joining,
            "",
            "The calendar invitation is attached: open it to add the webinar to your calendar.",
            `About the webinar: ${page}`,
          ]),
      "",
      `${options.siteTitle}`,
    ].join("\n"),
    attachments: past
      ? []
      : [
          {
            filename: `${slugOf(webinar.title)}.ics`,
            content: calendarFile(webinar, options.siteUrl, now, { forGuest: true }),
            contentType: "text/calendar; charset=utf-8; method=PUBLISH",
          },
        ],
  };
}

/**
 * Mail to the visitor's own address, the one a form promised (docs/store.md#mail-to-visitors): a subscription's
 * confirmation, a webinar registration's. It is queued only within the limit of one a day for each address and topic
 * (src/server/visitor-mail.ts), and sent from the outbox like every delivery (SMTP_URL).
 */
export function visitorSink(smtpUrl: string, options: VisitorMailOptions): Sink {
  const transport = mailTransport(smtpUrl);
  return {
    name: "visitor",
    async deliver(s) {
      let message: Message | string = "not sent: nothing to say for this kind";
      if (s.kind === "newsletter") message = await confirmation(s, options);
      else if (s.kind === "webinar") {
        const webinar = webinarTitled(options.catalog, s.fields.info ?? "");
        if (webinar) message = registration(s, webinar, options);
      }
      if (typeof message === "string") return message;
      await transport.sendMail({
        from: options.from,
        to: s.email,
        subject: message.subject,
        text: message.text,
        attachments: message.attachments,
        headers: { ...message.headers, "X-Submission-Id": s.id, "Auto-Submitted": "auto-replied" },
      });
      return "sent";
    },
  };
}
