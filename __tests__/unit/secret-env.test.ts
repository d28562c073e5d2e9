import { isSecretName, withholdSecrets } from "../../src/server/secret-env";

describe("secrets kept out of the build's environment", () => {
  it("names the store's URLs, the mail and webhook URLs and every *SECRET*, *TOKEN* or *PASSWORD* variable", () => {
    for (const name of ["DATABASE_URL", "NETLIFY_DB_URL", "SMTP_URL", "LEAD_WEBHOOK_URL", "MODERATION_SECRET"])
      expect(isSecretName(name)).toBe(true);
    expect(isSecretName("STRIPE_API_TOKEN")).toBe(true);
    expect(isSecretName("PGPASSWORD")).toBe(true);
  });

  it("leaves public and ordinary variables alone", () => {
    for (const name of ["GATSBY_RECAPTCHA_SITE_KEY", "GATSBY_LEAD_ENDPOINT", "URL", "DEPLOY_URL", "CONTEXT", "PATH"])
      expect(isSecretName(name)).toBe(false);
  });

  it("moves secrets out of the environment and gives the whole of it to the build's own code", () => {
    const env: Record<string, string | undefined> = {
      NETLIFY_DB_URL: "postgres://u:pw@db/x",
      MODERATION_SECRET: "m",
      SITE_URL: "https://example.com",
    };
    expect(withholdSecrets(env)).toEqual({
      NETLIFY_DB_URL: "postgres://u:pw@db/x",
      MODERATION_SECRET: "m",
      SITE_URL: "https://example.com",
    });
    expect(env).toEqual({ SITE_URL: "https://example.com" });
  });
});
