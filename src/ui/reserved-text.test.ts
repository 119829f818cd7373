import { describe, expect, it } from "vitest";
import { reservedText } from "./reserved-text.ts";

describe("reservedText", () => {
  it("keeps the words and the line breaks of provider HTML, without any tag", () => {
    expect(reservedText('<p>Welcome to <b>Demo Salon</b>!</p><p>Read our <a href="x">policies</a>.</p>')).toBe(
      "Welcome to Demo Salon!\nRead our policies.",
    );
    expect(reservedText("Line one<br>Line two<br/><script>alert(1)</script>")).toBe("Line one\nLine two\nalert(1)");
  });
});
