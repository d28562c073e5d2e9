import type { GatsbyFunctionRequest, GatsbyFunctionResponse } from "gatsby";

/** A Gatsby Function request and response, as the local server and Netlify's adapter hand them over. */
export function functionRequest(init: {
  method?: string;
  body?: unknown;
  headers?: Record<string, string>;
  ip?: string;
}) {
  return {
    method: init.method ?? "POST",
    headers: { host: "127.0.0.1:9000", ...(init.headers ?? {}) },
    body: init.body,
    query: {},
    cookies: {},
    params: {},
    socket: { remoteAddress: init.ip ?? "127.0.0.1" },
  } as unknown as GatsbyFunctionRequest;
}

export function functionResponse() {
  const sent = { status: 0, headers: {} as Record<string, string>, body: undefined as unknown };
  const res = {
    setHeader: (name: string, value: string) => {
      sent.headers[name.toLowerCase()] = value;
      return res;
    },
    status: (code: number) => {
      sent.status = code;
      return res;
    },
    json: (body: unknown) => {
      sent.body = body;
      return res;
    },
    send: (body: unknown) => {
      sent.body = body;
      return res;
    },
  };
  return { res: res as unknown as GatsbyFunctionResponse, sent };
}
