/** A path segment, encoded once. */
export const seg = (value: string | number) => encodeURIComponent(String(value));

/** The paths the first screen calls (provider-calls.ts); routes.ts lists them with the rest. */
export const firstScreenRoutes = {
  providerById: (id: number) => `User/${seg(id)}`,
  providerByName: (name: string) => `User/ByUser/${seg(name)}`,
  services: () => "Service/asAnonymous",
  companyPages: () => "Company/connect",
} as const;
