import { describe, expect, it } from "vitest";
import { messageHtml } from "./message-html.ts";

describe("messageHtml", () => {
  it("makes a paragraph of each line, with its language and the links clickable", () => {
    const html = messageHtml("Salon: booking", "Thank you.\nSee My Page: https://booking.example/demo-salon/min-side?p=1&c=123.", "en");
    expect(html).toContain('<html lang="en">');
    expect(html).toContain("<title>Salon: booking</title>");
    expect(html).toContain(
      '<p>See My Page: <a href="https://booking.example/demo-salon/min-side?p=1&amp;c=123">https://booking.example/demo-salon/min-side?p=1&amp;c=123</a>.</p>',
    );
    expect(html).toContain("<p>Thank you.</p>");
  });

  it("escapes what a provider or a visitor typed", () => {
    const html = messageHtml("<b>", 'Salon <script>alert("x")</script> & co', "no");
    expect(html).not.toContain("<script>");
    expect(html).toContain("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; co");
    expect(html).toContain("<title>&lt;b&gt;</title>");
  });
});
