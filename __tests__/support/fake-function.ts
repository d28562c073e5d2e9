/** A function of Netlify's current API: the web Request and the platform's context (the client's address) in. */
export type WebHandler = (request: Request, context?: { ip?: string }) => Promise<Response>;

export interface FunctionCall {
  method?: string;
  /** text or bytes as sent; an object is sent as JSON, or as a urlencoded form when the content type says so */
  body?: unknown;
  headers?: Record<string, string>;
  ip?: string;
  query?: Record<string, string>;
}

/** What a function answered: its status, its headers (lower case) and its body (parsed when it is JSON). */
export interface Answer {
  status: number;
  headers: Record<string, string>;
  body: unknown;
}

function bodyOf(body: unknown, type: string): BodyInit | undefined {
  if (body === undefined || body === null) return undefined;
  if (typeof body === "string" || body instanceof Uint8Array || body instanceof FormData) return body as BodyInit;
  if (/urlencoded/i.test(type)) return new URLSearchParams(body as Record<string, string>).toString();
  return JSON.stringify(body);
}

/** A real Request, as Netlify hands one to a function. */
export function functionRequest(init: FunctionCall = {}): Request {
  const headers = new Headers(init.headers ?? {});
  // the address the platform gives the function: the host the request was sent to
  const url = new URL(
    `${headers.get("x-forwarded-proto") ?? "http"}://${headers.get("host") ?? "127.0.0.1:9000"}/api/function`,
  );
  for (const [name, value] of Object.entries(init.query ?? {})) url.searchParams.set(name, value);
  const method = init.method ?? "POST";
  const body = method === "GET" || method === "HEAD" ? undefined : bodyOf(init.body, headers.get("content-type") ?? "");
  return new Request(url, { method, headers, body });
}

/** Calls the function with a real Request, and reads its Response. */
export async function callFunction(handler: WebHandler, init: FunctionCall = {}): Promise<Answer> {
  const response = await handler(functionRequest(init), { ip: init.ip ?? "127.0.0.1" });
  const headers = Object.fromEntries(response.headers);
  const text = await response.text();
  const json = /json/.test(headers["content-type"] ?? "");
  return { status: response.status, headers, body: json && text ? JSON.parse(text) : text };
}
