import { describe, expect, it } from "vitest";
import { sanitizeProviderHtml } from "./provider-html.ts";

describe("sanitizeProviderHtml (the painted first screen's information box)", () => {
  it("keeps the provider's text, links and new-tab targets; drops scripts, handlers, javascript: links, styles and forms", async () => {
    const clean = await sanitizeProviderHtml(
      '<p>Welcome to <b>Demo Salon</b>! <a href="https://example.com/policies" target="_blank">policies</a></p>' +
        '<img src="x" onerror="window.pwned=1"><script>window.pwned=2</script><a href="javascript:alert(1)">x</a>' +
        '<style>p{color:red}</style><p style="color:red">red</p><form action="https://evil.example"><input name="card"></form>',
    );
    expect(clean).toBe(
      '<p>Welcome to <b>Demo Salon</b>! <a href="https://example.com/policies" target="_blank">policies</a></p>' +
        '<img src="x"><a>x</a><p>red</p>',
    );
  });

  it("answers plain text as it is, and nothing for nothing", async () => {
    expect(await sanitizeProviderHtml("Open on Sundays and holidays")).toBe("Open on Sundays and holidays");
    expect(await sanitizeProviderHtml("")).toBe("");
  });
});
