/**
 * The address of the site the API is mounted on (it serves /api next to the host
 * page), for links in messages: PUBLIC_URL when set, else the request's own origin.
 */
export function siteUrlOf(c: { req: { url: string } }, publicUrl: string | undefined): string {
  return (publicUrl ?? new URL(c.req.url).origin).replace(/\/$/, "");
}
