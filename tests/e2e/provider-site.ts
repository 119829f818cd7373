import { createServer } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A provider's own site: a page on another origin (its own port) that pastes our script
 * tag; `headers` such as its CSP; `files` its own other files (a stylesheet), by path.
 */
export function serveProviderSite(
  html: string,
  headers: Record<string, string> = {},
  files: Record<string, { type: string; body: string }> = {},
): Promise<{ url: string; close: () => void }> {
  const server = createServer((request, response) => {
    const file = files[new URL(request.url ?? "/", "http://localhost").pathname];
    response.writeHead(200, { "content-type": file?.type ?? "text/html; charset=utf-8", ...headers });
    response.end(file?.body ?? html);
  });
  return new Promise((resolve) =>
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as AddressInfo;
      resolve({ url: `http://localhost:${port}/`, close: () => server.close() });
    }),
  );
}
