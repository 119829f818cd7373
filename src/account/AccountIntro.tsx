import type { ReactNode } from "react";

interface AccountIntroProps {
  /** What happened, or what to do: focus starts here when the phase changes. */
  text: string;
  children: ReactNode;
  onBack?: () => void;
  backLabel?: string;
}

/** A phase of the account flow that opens with a sentence (a new profile, the logged-in customer's details). */
export function AccountIntro({ text, children, onBack, backLabel }: AccountIntroProps) {
  return (
    <div className="bw-step bw-account">
      <p className="bw-account__intro" tabIndex={-1} data-autofocus>
        {text}
      </p>
      {children}
      {onBack && backLabel && (
        <button type="button" className="bw-button bw-button--ghost" onClick={onBack}>
          {backLabel}
        </button>
      )}
    </div>
  );
}
