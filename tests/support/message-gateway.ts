import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";

/** One post to the gateway, as it arrived. */
export interface GatewayPost {
  message: { channel: string; to: string; subject: string; body: string };
  idempotencyKey: string | undefined;
  signature: string | undefined;
  rawBody: string;
}

/**
 * A message gateway on loopback (MESSAGE_WEBHOOK_URL): keeps each message posted to it.
 * `answer` decides each post's fate (by default 200): a status, or "hang" to keep the
 * connection open until `recover()` (then 200). `delivered` holds the messages it took
 * (2xx), one per idempotency key: a repeat of a key it already took is answered 200 and
 * not kept again, as a real gateway that honours the key does.
 */
export async function startMessageGateway(answer: (post: GatewayPost, index: number) => number | "hang" = () => 200) {
  const delivered: GatewayPost["message"][] = [];
  const posts: GatewayPost[] = [];
  const taken = new Set<string>();
  let hanging: (() => void)[] = [];
  const read = (req: IncomingMessage) =>
    new Promise<string>((resolve) => {
      let body = "";
      req.on("data", (chunk: Buffer) => (body += chunk.toString()));
      req.on("end", () => resolve(body));
    });
  const server = createServer(async (req, res) => {
    const rawBody = await read(req);
    const post: GatewayPost = {
      message: JSON.parse(rawBody),
      idempotencyKey: req.headers["idempotency-key"] as string | undefined,
      signature: req.headers["x-booking-signature"] as string | undefined,
      rawBody,
    };
    posts.push(post);
    const take = () => {
      if (!post.idempotencyKey || !taken.has(post.idempotencyKey)) delivered.push(post.message);
      if (post.idempotencyKey) taken.add(post.idempotencyKey);
      res.end("ok");
    };
    const fate = answer(post, posts.length - 1);
    if (fate === "hang") hanging.push(take);
    else if (fate >= 200 && fate < 300) take();
    else res.writeHead(fate).end("gateway failure");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    delivered,
    posts,
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/messages`,
    /** Answers every hanging post (as taken). */
    recover() {
      for (const take of hanging) take();
      hanging = [];
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
