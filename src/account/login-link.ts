/** The receipt's My Page link: ?p={phone}&c={code} (spec §2 "My Page"). */
export interface LoginLink {
  phone: string;
  code: string;
}

const PHONE = /^\d{4,15}$/;
const CODE = /^[A-Za-z0-9]{1,200}$/;

/** The phone and code of a My Page link; null when either is missing or cannot be one. */
export function loginLinkFrom(search: string): LoginLink | null {
  const params = new URLSearchParams(search);
  const phone = params.get("p")?.replace(/\s+/g, "") ?? "";
  const code = params.get("c")?.trim() ?? "";
  return PHONE.test(phone) && CODE.test(code) ? { phone, code } : null;
}

/** The address without the link's p and c, so the code does not stay in the history. */
export function withoutLoginLink(href: string): string {
  const url = new URL(href);
  url.searchParams.delete("p");
  url.searchParams.delete("c");
  return url.href;
}
