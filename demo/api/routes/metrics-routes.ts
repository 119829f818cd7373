import { Hono } from "hono";
import type { ApiMetrics } from "../operations/metrics.ts";
import { sameSecret } from "../secrets/server-keys.ts";

/**
 * GET /metrics, Prometheus's text format (issue 30). With a token (METRICS_TOKEN) it
 * answers only `Authorization: Bearer <token>` (401 otherwise); the production start
 * serves it only with one, the demo without one too. Nothing in it names a customer.
 */
export function metricsRoutes(metrics: ApiMetrics, token: string | undefined) {
  return new Hono().get("/metrics", async (c) => {
    if (token !== undefined) {
      const given = /^Bearer (.+)$/.exec(c.req.header("authorization") ?? "")?.[1] ?? "";
      if (!sameSecret(given, token))
        return c.json({ message: "The metrics need the operator's token (Authorization: Bearer …)" }, 401, {
          "WWW-Authenticate": 'Bearer realm="metrics"',
        });
    }
    return c.body(await metrics.registry.metrics(), 200, {
      "Content-Type": metrics.registry.contentType,
      "Cache-Control": "no-store",
    });
  });
}
