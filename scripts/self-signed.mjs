// A self-signed certificate for a local HTTPS server, made with openssl (the journeys' third-party fakes,
// scripts/observatory.mjs). Kept in `dir` and made again only when missing.
import { execFileSync } from "child_process";
import { existsSync, mkdirSync } from "fs";
import path from "path";

/**
 * The paths of the key and the certificate in `dir`, for `subject` (e.g. "/CN=localhost"), valid `days`, with
 * `altNames` (e.g. "DNS:localhost,IP:127.0.0.1") when given.
 * @param {string} dir
 * @param {{ subject: string, days: number, altNames?: string }} options
 * @returns {{ key: string, cert: string }}
 */
export function selfSignedCertificate(dir, { subject, days, altNames }) {
  const key = path.join(dir, "key.pem");
  const cert = path.join(dir, "cert.pem");
  if (existsSync(key) && existsSync(cert)) return { key, cert };
  mkdirSync(dir, { recursive: true });
  const extension = altNames ? ["-addext", `subjectAltName=${altNames}`] : [];
  const args = ["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", String(days), "-subj", subject];
  execFileSync("openssl", [...args, ...extension, "-keyout", key, "-out", cert], { stdio: "ignore" });
  return { key, cert };
}
