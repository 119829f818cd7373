import { useLingui } from "@lingui/react";
import useSWR from "swr";
import { LaterScreen } from "../kernel/later/LaterScreen.tsx";
import { chooserMessages } from "./messages.ts";
import { Loaded } from "../kernel/Loaded.tsx";
import { loadOf } from "../kernel/loads.ts";
import { useWidget } from "../kernel/widget-context.ts";
import { Alert } from "../ui/Alert.tsx";
import { bookingPageUrl, navigateTop } from "../kernel/site-links.ts";

/** /velg/{company}: the company's booking pages, each with a "Velg" button. */
export function ChooserView({ company }: { company: string }) {
  return (
    <LaterScreen>
      <ChooserPages company={company} />
    </LaterScreen>
  );
}

function ChooserPages({ company }: { company: string }) {
  const { _ } = useLingui();
  const { api, siteBase } = useWidget();
  const load = loadOf(useSWR(["company-pages", company], () => api.provider.companyPages(company)));
  return (
    <Loaded load={load} notFound={chooserMessages.companyNotFound} name={company}>
      {(pages) => (
        <section className="bw-chooser" part="chooser">
          <h1 className="bw-header__title">{_(chooserMessages.title)}</h1>
          {pages.length === 0 ? (
            <Alert tone="info">{_(chooserMessages.noPages)}</Alert>
          ) : (
            <ul className="bw-chooser__list">
              {pages.map((page) => (
                <li key={page.id} className="bw-chooser__item" part="chooser-item">
                  <span className="bw-chooser__name">{page.name}</span>
                  <button
                    type="button"
                    className="bw-button"
                    aria-label={_({ ...chooserMessages.chooseNamed, values: { name: page.name } })}
                    onClick={() => navigateTop(bookingPageUrl(siteBase, page.id))}
                  >
                    {_(chooserMessages.choose)}
                  </button>
                </li>
              ))}
            </ul>
          )}
        </section>
      )}
    </Loaded>
  );
}
