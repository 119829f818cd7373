/** A polite loading line, announced once by screen readers. */
export function Loading({ label }: { label: string }) {
  return (
    <p className="bw-loading" role="status" part="loading">
      <span className="bw-spinner" aria-hidden="true" />
      {label}
    </p>
  );
}
