export function selfSignedCertificate(
  dir: string,
  options: { subject: string; days: number; altNames?: string },
): { key: string; cert: string };
