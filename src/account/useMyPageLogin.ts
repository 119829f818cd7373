import { useLingui } from "@lingui/react";
import { useCallback, useEffect, useRef, useState } from "react";
import { useSWRConfig } from "swr";
import type { CustomerAccount, Provider } from "../contract/schemas/index.ts";
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
import { SENT_CODE_PATTERN } from "../contract/rules/my-page-login.ts";
import { refusalOf } from "../api/refusal-of.ts";
import { myPageLoginMessages as m } from "./my-page-login-messages.ts";
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

  /** A failed login from the form, told in a dialog. */
  const tellFailure = (error: unknown) => {
    const { code, text } = refusalFeedback(error, {
      "wrong-code-or-phone": errorCatalogue.wrongTokenOrPhone,
      "wrong-password": errorCatalogue.wrongPassword,
      "unknown-phone": m.noPasswordAccount,
      "code-used-up": m.codeUsedUp,
    });
    if (code === "failed") report(error, "My Page login failed");
    feedback.getState().showDialog({ type: DialogType.Message, icon: "error", code, text: _(text) });
  };

  const logIn = async (login: MyPageSession, source: LoginSource): Promise<boolean> => {
    try {
      const answer = await calls.fetchByToken(login.token, provider.userId, login.login);
      const account = sessionAccount(answer.customer, login);
      await mutate(customerKey(provider.userId, sessionOf(account)!), answer, { revalidate: false });
      session.getState().setAccount(account);
      rememberLogin(provider.userId, account, sessionOf(account) ?? login, defaultDialCode(provider.defaultPhoneNumberCountryCode));
      return true;
    } catch (error) {
      // A stale saved token is forgotten quietly: the visitor did not type it.
      if (source === "saved") {
        if (refusalOf(error) === "wrong-code-or-phone") forgetSavedToken(provider.userId);
        else if (refusalFeedback(error).code === "failed") report(error, "My Page login failed");
        return false;
      }
      tellFailure(error);
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
      attempt = logIn({ token: link.code, login: link.phone }, "link");
    } else if (!sessionOf(session.getState().account) && saved?.customerToken && saved.tokenPhoneNumber) {
      attempt = logIn({ token: saved.customerToken, login: saved.tokenPhoneNumber }, "saved");
    }
    if (attempt) void attempt.finally(() => setChecking(false));
    else setChecking(false);
  }, []);

  /**
   * An account a sent code or the password opened: logged in by what it hands out (its
   * token; an account nobody proved, its My Page code).
   */
  const logInAs = async (opening: Promise<CustomerAccount>) => {
    try {
      const opened = sessionOf(await opening);
      if (opened) await logIn(opened, "form");
      else tellFailure(new Error("the account came without a token"));
    } catch (error) {
      tellFailure(error);
    }
  };

  /** The form's code (issue 57): the three digits of a receipt's My Page link, or the five of a code sent now. */
  const logInWithCode = (login: string, code: string) =>
    guarded(async () => {
      if (SENT_CODE_PATTERN.test(code)) await logInAs(calls.loginWithCode({ adminId: provider.userId, login, code }));
      else await logIn({ token: code, login }, "form");
    });

  /** Spec §2: phone number and password (an account made with a password). */
  const logInWithPassword = (login: string, password: string) =>
    guarded(() => logInAs(calls.loginWithPassword({ adminId: provider.userId, login, password })));

  /** Sends a code now (issue 57); true once it is on its way (the answer does not say whether the login has an account). */
  const sendCode = async (login: string): Promise<boolean> => {
    let sent = false;
    await guarded(async () => {
      try {
        await calls.sendLoginCode({ adminId: provider.userId, login });
        sent = true;
      } catch (error) {
        tellFailure(error);
      }
    });
    return sent;
  };

  /** Spec §4: logging out forgets the account and its saved token (and sends the booking back to step 1). */
  const logOut = useCallback(() => {
    session.getState().logOut();
    forgetSavedToken(provider.userId);
  }, [session, provider.userId]);

  return { checking, busy, logInWithCode, logInWithPassword, sendCode, logOut };
}
