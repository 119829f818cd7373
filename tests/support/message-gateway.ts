import { createServer } from "node:http";
import type { AddressInfo } from "node:net";

/** A message gateway on loopback (MESSAGE_WEBHOOK_URL): keeps each message the production start posts to it. */
export async function startMessageGateway() {
  const delivered: { channel: string; to: string; body: string }[] = [];
  const server = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk: Buffer) => (body += chunk.toString()));
    req.on("end", () => {
      delivered.push(JSON.parse(body));
      res.end("ok");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    delivered,
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/messages`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
