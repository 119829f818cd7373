import { useLingui } from "@lingui/react";
import { useCallback, useId, useState } from "react";
import { useAdmin } from "../admin-context.tsx";
import { passkeyWords } from "../api/passkey-words.ts";
import { refusalWords, type Words } from "../api/refusal-words.ts";
import { am } from "../i18n/area-messages.ts";
import { intlTagOf } from "../i18n/admin-i18n.ts";
import { m } from "../i18n/messages.ts";
import { FormAlert } from "../sign-in/FormAlert.tsx";
import { useAreaData } from "./use-area-data.ts";

/**
 * My account: the signed-in person's own passkeys, listed, added (the API's options, the
 * browser's authenticator, the API verifies and keeps the public key) and removed.
 */
export function AccountScreen() {
  const { _, i18n } = useLingui();
  const { api, webauthn } = useAdmin();
  const nameId = useId();
  const read = useCallback(() => api.passkeys(), [api]);
  const { data: passkeys, error, reload } = useAreaData(read);
  const [name, setName] = useState("");
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<{ words: Words; kind: "error" | "note" } | null>(null);
  const date = new Intl.DateTimeFormat(intlTagOf(i18n.locale), { dateStyle: "medium" });
  const act = async (call: () => Promise<Words>) => {
    setOutcome(null);
    setBusy(true);
    try {
      setOutcome({ words: await call(), kind: "note" });
      await reload();
    } catch (failure) {
      setOutcome({ words: passkeyWords(failure), kind: "error" });
    } finally {
      setBusy(false);
    }
  };
  const add = () =>
    act(async () => {
      const response = await webauthn.register({ optionsJSON: await api.passkeyOptions() });
      const added = await api.addPasskey({ name: name.trim(), response });
      setName("");
      return { descriptor: am.passkeyAddedDone, values: { name: added.name } };
    });
  return (
    <section className="admin-area" aria-labelledby="account-title">
      <h1 id="account-title">{_(am.accountTitle)}</h1>
      <h2>{_(am.passkeysTitle)}</h2>
      <p>{_(am.passkeysHelp)}</p>
      {error ? <FormAlert words={refusalWords(error)} /> : null}
      {!passkeys ? (
        <p role="status">{_(m.loading)}</p>
      ) : passkeys.length === 0 ? (
        <p>{_(am.noPasskeys)}</p>
      ) : (
        <div className="admin-table-scroll">
          <table className="admin-table">
            <caption className="visually-hidden">{_(am.passkeysTable)}</caption>
            <thead>
              <tr>
                <th scope="col">{_(am.passkeyName)}</th>
                <th scope="col">{_(am.passkeyAdded)}</th>
                <th scope="col">{_(am.passkeyLastUsed)}</th>
                <th scope="col">{_(am.actions)}</th>
              </tr>
            </thead>
            <tbody>
              {passkeys.map((passkey) => (
                <tr key={passkey.id}>
                  <th scope="row">{passkey.name}</th>
                  <td>{date.format(new Date(passkey.createdAt))}</td>
                  <td>{passkey.lastUsedAt ? date.format(new Date(passkey.lastUsedAt)) : _(am.never)}</td>
                  <td>
                    <button
                      type="button"
                      disabled={busy}
                      onClick={() =>
                        void act(async () => {
                          await api.removePasskey(passkey.id);
                          return { descriptor: am.passkeyRemoved, values: { name: passkey.name } };
                        })
                      }
                    >
                      {_({ ...am.removePasskey, values: { name: passkey.name } })}
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {webauthn.supported() ? (
        <form
          className="admin-area__form"
          onSubmit={(event) => {
            event.preventDefault();
            void add();
          }}
        >
          <div className="admin-field">
            <label htmlFor={nameId}>{_(am.passkeyNewName)}</label>
            <input id={nameId} value={name} maxLength={60} autoComplete="off" onChange={(event) => setName(event.target.value)} />
          </div>
          <button type="submit" className="admin-primary" disabled={busy}>
            {_(am.addPasskey)}
          </button>
        </form>
      ) : (
        <p>{_(am.noWebAuthn)}</p>
      )}
      <FormAlert words={outcome?.words ?? null} kind={outcome?.kind ?? "error"} />
    </section>
  );
}
