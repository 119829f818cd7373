/**
 * Placeholders while a list loads: hidden from assistive technology, which hears the
 * loading label instead.
 */
export function Skeletons({
  count,
  label,
  listClassName,
  itemClassName,
}: {
  count: number;
  label: string;
  listClassName: string;
  itemClassName: string;
}) {
  return (
    <>
      <p className="bw-visually-hidden" role="status">
        {label}
      </p>
      <ul className={listClassName} aria-hidden="true">
        {Array.from({ length: count }, (_unused, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholders
          <li key={i} className={itemClassName} />
        ))}
      </ul>
    </>
  );
}
