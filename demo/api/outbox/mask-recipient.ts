/** "+47 ****4567" style: enough to tell messages apart in a log, not to reach anyone. */
export function maskRecipient(to: string): string {
  const at = to.indexOf("@");
  if (at > 0) return `${to[0]}***${to.slice(at)}`;
  return `${"*".repeat(Math.max(0, to.length - 2))}${to.slice(-2)}`;
}
