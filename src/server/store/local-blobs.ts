// The local blob store: @netlify/blobs' own server (BlobsServer, what `netlify dev` runs for local development)
// over a folder under .data/, for the processes of a machine without Netlify. Each process that needs it starts its
// own over the same folder (a file is written whole, then renamed into place, so two servers share a folder
// safely): the local server and `gatsby develop` for their functions, `npm run leads` for itself, each test its own.
// It answers only requests that carry this process's random token. Its port is loopback's address to the clients;
// the package's server takes no address to listen on, so it listens on every interface of the machine, where the
// token still guards it.
import { BlobsServer } from "@netlify/blobs/server";
import { randomBytes } from "crypto";

/** What @netlify/blobs needs to reach the server: getStore's options, or the context Netlify would set. */
export interface LocalBlobsContext {
  siteID: string;
  token: string;
  edgeURL: string;
  uncachedEdgeURL: string;
}

export async function serveLocalBlobs(
  directory: string,
): Promise<{ context: LocalBlobsContext; close(): Promise<void> }> {
  const token = randomBytes(32).toString("base64url");
  const server = new BlobsServer({ directory, token, logger: () => undefined });
  const { port } = await server.start();
  const url = `http://127.0.0.1:${port}`;
  return {
    context: { siteID: "local", token, edgeURL: url, uncachedEdgeURL: url },
    close: async () => {
      await server.stop();
    },
  };
}

/**
 * Starts the local blob store for the functions this process runs (the local server, `gatsby develop`), and gives
 * it to them as Netlify gives its own: NETLIFY_BLOBS_CONTEXT, base64 JSON (the package's setEnvironmentContext).
 */
export async function serveBlobsToFunctions(directory: string) {
  const { setEnvironmentContext } = await import("@netlify/blobs");
  const served = await serveLocalBlobs(directory);
  setEnvironmentContext(served.context);
  return served;
}
