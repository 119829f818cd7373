import { describe, expect, it } from "vitest";
import { networkOf } from "./client-address.ts";

describe("networkOf", () => {
  it("groups IPv4 addresses by /24 and IPv6 /64 keys by /48", () => {
    expect(networkOf("198.51.100.7")).toBe("198.51.100.0/24");
    expect(networkOf("2001:db8:1:2::/64")).toBe("2001:db8:1::/48");
    expect(networkOf("2001:db8:0:0::/64")).toBe("2001:db8:0::/48");
  });

  it("keeps anything else as it is", () => {
    expect(networkOf("local")).toBe("local");
  });
});
