import { describe, expect, it } from "vitest";
import { loggablePath } from "./loggable-path.ts";

describe("loggablePath", () => {
  it("masks FetchByToken's token and phone number, however the route is cased", () => {
    expect(loggablePath("/api/Customer/FetchByToken/3f9a/12/41234567")).toBe("/api/Customer/FetchByToken/***/12/***");
    expect(loggablePath("/api/customer/fetchbytoken/123/12/2125550123")).toBe("/api/customer/fetchbytoken/***/12/***");
  });

  it("masks anything shaped like a secret or an e-mail address, escaped or not", () => {
    expect(loggablePath(`/api/payments/${"a".repeat(32)}/cancel`)).toBe("/api/payments/***/cancel");
    expect(loggablePath("/api/x/kari%40example.no")).toBe("/api/x/***");
    expect(loggablePath("/api/x/kari@example.no")).toBe("/api/x/***");
  });

  it("keeps ordinary paths: ids, booking links, route names", () => {
    expect(loggablePath("/api/User/ByUser/demo-salon")).toBe("/api/User/ByUser/demo-salon");
    expect(loggablePath("/api/AuditLog/asAnonymous/12")).toBe("/api/AuditLog/asAnonymous/12");
  });
});
