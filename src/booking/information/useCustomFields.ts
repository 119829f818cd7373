import useSWR from "swr";
import { useWidget } from "../../app/widget-context.ts";

/** The provider's custom customer fields (CustomField/asAnonymous). */
export function useCustomFields(userId: number) {
  const { api } = useWidget();
  return useSWR(["custom-fields", userId], () => api.provider.customFields(userId));
}
