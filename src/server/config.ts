// The form endpoint's settings, from the environment (documented in the README).

export interface EndpointEnv {
  [name: string]: string | undefined;
}

export interface EndpointSettings {
  allowedOrigins: string[];
  rateLimit: number;
  rateWindowMs: number;
  dedupeMs: number;
  leadsFile: string;
  webhookUrl: string | null;
  webhookTimeoutMs: number;
  webhookRetries: number;
  smtpUrl: string | null;
  mailFrom: string;
}

const originOf = (value: string): string | null => {
  try {
    return new URL(value).origin;
  } catch {
    return null;
  }
};

const positive = (value: string | undefined, fallback: number) => {
  const n = Number(value);
  return Number.isFinite(n) && n > 0 ? n : fallback;
};

export function readSettings(env: EndpointEnv, siteUrl: string, salesMailbox: string): EndpointSettings {
  const origins = [
    siteUrl,
    env.SITE_URL,
    env.URL,
    env.DEPLOY_PRIME_URL,
    env.DEPLOY_URL,
    ...(env.ALLOWED_ORIGINS ?? "").split(","),
  ]
    .map((o) => (o ? originOf(o.trim()) : null))
    .filter((o): o is string => Boolean(o));
  return {
    allowedOrigins: [...new Set(origins)],
    rateLimit: positive(env.LEAD_RATE_LIMIT, 10),
    rateWindowMs: positive(env.LEAD_RATE_WINDOW_MS, 60_000),
    dedupeMs: positive(env.LEAD_DEDUPE_MS, 10 * 60_000),
    // Netlify's functions may only write under /tmp
    leadsFile: env.LEADS_FILE || (env.NETLIFY || env.LAMBDA_TASK_ROOT ? "/tmp/leads.jsonl" : ".data/leads.jsonl"),
    webhookUrl: env.LEAD_WEBHOOK_URL || null,
    webhookTimeoutMs: positive(env.LEAD_WEBHOOK_TIMEOUT_MS, 5_000),
    webhookRetries: Math.max(0, Math.floor(Number(env.LEAD_WEBHOOK_RETRIES ?? 2)) || 0),
    smtpUrl: env.SMTP_URL || null,
    mailFrom: env.MAIL_FROM || salesMailbox,
  };
}
