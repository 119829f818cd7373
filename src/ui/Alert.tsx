import type { ReactNode } from "react";

interface AlertProps {
  tone: "error" | "info";
  children: ReactNode;
  action?: { label: string; onClick: () => void } | undefined;
}

/** A message inside the widget; errors are announced to screen readers at once. */
export function Alert({ tone, children, action }: AlertProps) {
  return (
    <div className={`bw-alert bw-alert--${tone}`} role={tone === "error" ? "alert" : "status"} part={`alert alert-${tone}`}>
      <p>{children}</p>
      {action && (
        <button type="button" className="bw-button bw-button--secondary" onClick={action.onClick}>
          {action.label}
        </button>
      )}
    </div>
  );
}
