// The marketing channel of a lead, from where its visit came from (src/lib/attribution.ts), by the rule table of
// content/channels.json: data the marketing team edits, not code. The first rule that matches names the channel;
// Salesforce's lead_source takes that name, or the spec's "Website" when none matches (src/lib/web-to-lead.ts).
import table from "../../content/channels.json";
import { CLICK_ID_KEYS, type Attribution } from "./attribution";

export interface ChannelRule {
  channel: string;
  /** the rule in words, for whoever reads the table */
  when: string;
  /** matches when the visit has any ad click id */
  clickId?: boolean;
  /** matches when utm_medium (or utm_source) is one of these, compared without regard to case */
  utm_medium?: string[];
  utm_source?: string[];
  /** matches when the referrer's host is one of these: "linkedin.com" (and its subdomains), "google.*" (any
   * ending), "*" (any other site) or "" (no referrer at all) */
  referrer?: string[];
}

export interface ChannelTable {
  rules: ChannelRule[];
}

export const CHANNELS: ChannelTable = table;

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** Whether a host is `pattern`'s: the name itself or a subdomain of it; "name.*" with any ending. */
export function hostMatches(host: string, pattern: string): boolean {
  const bare = host.toLowerCase().replace(/^www\./, "");
  if (pattern.endsWith(".*")) return new RegExp(`(^|\\.)${escape(pattern.slice(0, -2))}\\.[a-z.]+$`).test(bare);
  return bare === pattern || bare.endsWith(`.${pattern}`);
}

function referrerMatches(referrer: string | undefined, patterns: string[]): boolean {
  if (referrer === undefined) return false;
  if (referrer === "") return patterns.includes("");
  let host: string;
  try {
    host = new URL(referrer).hostname;
  } catch {
    return false;
  }
  return patterns.some((p) => p === "*" || (p !== "" && hostMatches(host, p)));
}

const among = (value: string | undefined, list: string[] | undefined) =>
  Boolean(value && list?.some((item) => item.toLowerCase() === value.toLowerCase()));

/** Whether one rule matches: any of its conditions (a rule with several lists names several ways to one channel). */
export function ruleMatches(rule: ChannelRule, visit: Attribution): boolean {
  if (rule.clickId && CLICK_ID_KEYS.some((key) => visit[key])) return true;
  if (among(visit.utm_medium, rule.utm_medium) || among(visit.utm_source, rule.utm_source)) return true;
  return Boolean(rule.referrer && referrerMatches(visit.referrer, rule.referrer));
}

/** The channel's name, or undefined when no rule matches (nothing is known of the visit). */
export function channelOf(visit: Attribution, channels: ChannelTable = CHANNELS): string | undefined {
  return channels.rules.find((rule) => ruleMatches(rule, visit))?.channel;
}
