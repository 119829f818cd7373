/** Adds a script of ours to the page once (a second call for the same address does nothing), as a provider's page would. */
export function loadScriptOnce(src: string, { module = false } = {}): void {
  if (document.querySelector(`script[src="${src}"]`)) return;
  const script = document.createElement("script");
  if (module) script.type = "module";
  script.src = src;
  document.head.append(script);
}
