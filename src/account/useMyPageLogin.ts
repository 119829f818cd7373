import { useLingui } from "@lingui/react";
import { useCallback, useEffect, useRef, useState } from "react";
import { useSWRConfig } from "swr";
import type { Provider } from "../contract/schemas/index.ts";
import { errorCatalogue } from "../kernel/errors/error-catalogue.ts";
import { createCustomerCalls } from "../api/customer-calls.ts";
import { useApiCalls } from "../kernel/useApiCalls.ts";
import { useWidget } from "../kernel/widget-context.ts";
import { refusalFeedback } from "../kernel/errors/refusal-feedback.ts";
import { forgetSavedToken, readSavedDetails, rememberLogin } from "../customer/saved-details.ts";
import { defaultDialCode } from "../i18n/countries/country-list.ts";
import { loginLinkFrom, withoutLoginLink } from "./login-link.ts";
import { sessionAccount, sessionOf, type MyPageSession } from "./session.ts";
import { customerKey } from "./useMyPageCustomer.ts";
import { useBusy } from "../ui/useBusy.ts";
import { useSessionStore } from "./session-context.ts";
import { DialogType } from "../contract/enumerations.ts";
import type { FeedbackServices } from "../feedback/feedback-context.ts";

type LoginSource = "link" | "saved" | "form";

/**
 * My Page login (spec §2, §4): first the receipt link's p and c, then a logged-in
 * account of this element, then the token kept in local storage; the form otherwise.
 * `checking` is true while one of those is being tried. A login keeps the account in
 * the element's session (the booking sees it too) and its token in local storage.
 */
export function useMyPageLogin(provider: Provider) {
  const { _ } = useLingui();
  const { feedback, report, routes } = useWidget<FeedbackServices>();
  const session = useSessionStore();
  const calls = useApiCalls(createCustomerCalls);
  const { mutate } = useSWRConfig();
  const [checking, setChecking] = useState(true);
  const { busy, guarded } = useBusy();
  const started = useRef(false);

  const logIn = async (login: MyPageSession, source: LoginSource): Promise<boolean> => {
    try {
      const answer = await calls.fetchByToken(login.token, provider.userId, login.phone);
      const account = sessionAccount(answer.customer, login);
      await mutate(customerKey(provider.userId, sessionOf(account)!), answer, { revalidate: false });
      session.getState().setAccount(account);
      rememberLogin(provider.userId, account, defaultDialCode(provider.defaultPhoneNumberCountryCode));
      return true;
    } catch (error) {
      const { code, text } = refusalFeedback(error, { "wrong-code-or-phone": errorCatalogue.wrongTokenOrPhone });
      if (code === "failed") report(error, "My Page login failed");
      // A stale saved token is forgotten quietly: the visitor did not type it.
      if (source === "saved") {
        if (code === "wrong-code-or-phone") forgetSavedToken(provider.userId);
        return false;
      }
      feedback.getState().showDialog({ type: DialogType.Message, icon: "error", code, text: _(text) });
      return false;
    }
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: once per My Page visit, with what the page was opened with
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const link = loginLinkFrom(globalThis.location?.search ?? "");
    const saved = readSavedDetails(provider.userId);
    let attempt: Promise<boolean> | null = null;
    if (link) {
      // On our own page the code leaves the address bar; a provider's page keeps its URL.
      if (routes) globalThis.history?.replaceState(globalThis.history.state, "", withoutLoginLink(globalThis.location.href));
      attempt = logIn({ token: link.code, phone: link.phone }, "link");
    } else if (!sessionOf(session.getState().account) && saved?.customerToken && saved.tokenPhoneNumber) {
      attempt = logIn({ token: saved.customerToken, phone: saved.tokenPhoneNumber }, "saved");
    }
    if (attempt) void attempt.finally(() => setChecking(false));
    else setChecking(false);
  }, []);

  const logInWithForm = (login: MyPageSession) =>
    guarded(async () => {
      await logIn(login, "form");
    });

  /** Spec §4: logging out forgets the account and its saved token (and sends the booking back to step 1). */
  const logOut = useCallback(() => {
    session.getState().logOut();
    forgetSavedToken(provider.userId);
  }, [session, provider.userId]);

  return { checking, busy, logInWithForm, logOut };
}
