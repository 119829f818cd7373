let url: string | undefined;

/** The address of this test file's server (tests/e2e/server-per-file.ts). */
export function baseUrl(): string {
  if (!url) throw new Error("no server for this browser test file: tests/e2e/server-per-file.ts starts it");
  return url;
}

export const setBaseUrl = (value: string) => {
  url = value;
};
