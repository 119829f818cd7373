import { createServer } from "node:http";
import type { AddressInfo } from "node:net";

/** A provider's own site: a page on another origin (its own port) that pastes our script tag; `headers` such as its CSP. */
export function serveProviderSite(html: string, headers: Record<string, string> = {}): Promise<{ url: string; close: () => void }> {
  const server = createServer((_request, response) => {
    response.writeHead(200, { "content-type": "text/html; charset=utf-8", ...headers });
    response.end(html);
  });
  return new Promise((resolve) =>
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as AddressInfo;
      resolve({ url: `http://localhost:${port}/`, close: () => server.close() });
    }),
  );
}
