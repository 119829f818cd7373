/**
 * Where focus goes in a one-Tab-stop list of buttons (a roving tabindex): arrows step by
 * one, Home/End go to the ends; null for a key the list leaves to the browser.
 */
export function indexForKey(key: string, index: number, count: number): number | null {
  if (count === 0) return null;
  switch (key) {
    case "ArrowRight":
    case "ArrowDown":
      return Math.min(index + 1, count - 1);
    case "ArrowLeft":
    case "ArrowUp":
      return Math.max(index - 1, 0);
    case "Home":
      return 0;
    case "End":
      return count - 1;
    default:
      return null;
  }
}
