import { type KeyboardEvent, useId, useRef, useState } from "react";

export interface CopyTab {
  id: string;
  label: string;
  blocks: { label: string; code: string }[];
  note?: string;
}

/** The tabs of what to copy (WAI-ARIA tabs: arrow keys, Home and End move between them). */
export function CopyTabs({ tabs, children }: { tabs: CopyTab[]; children?: (tab: CopyTab) => React.ReactNode }) {
  const [selected, setSelected] = useState(tabs[0]!.id);
  const [said, setSaid] = useState("");
  // Emptied first: the same words said again ("copied" twice) are heard again.
  const say = (text: string) => {
    setSaid("");
    setTimeout(() => setSaid(text), 60);
  };
  const base = useId();
  const refs = useRef(new Map<string, HTMLButtonElement>());
  const choose = (index: number) => {
    const tab = tabs[(index + tabs.length) % tabs.length]!;
    setSelected(tab.id);
    refs.current.get(tab.id)?.focus();
  };
  const onKeyDown = (event: KeyboardEvent, index: number) => {
    const moves: Record<string, number> = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: tabs.length - 1 };
    if (!(event.key in moves)) return;
    event.preventDefault();
    choose(moves[event.key]!);
  };
  const copy = async (label: string, code: string, area: HTMLTextAreaElement | null) => {
    try {
      await navigator.clipboard.writeText(code);
      say(`${label} copied.`);
    } catch {
      // Without the clipboard (an insecure page, a refused permission) the text is selected for the keyboard's copy.
      area?.focus();
      area?.select();
      say(`${label} is selected: press Ctrl+C (⌘C) to copy it.`);
    }
  };
  return (
    <div className="eb-tabs">
      <div role="tablist" aria-label="What to copy">
        {tabs.map((tab, index) => (
          <button
            key={tab.id}
            ref={(node) => {
              if (node) refs.current.set(tab.id, node);
            }}
            type="button"
            role="tab"
            id={`${base}-${tab.id}-tab`}
            aria-selected={tab.id === selected}
            aria-controls={`${base}-${tab.id}-panel`}
            tabIndex={tab.id === selected ? 0 : -1}
            onClick={() => setSelected(tab.id)}
            onKeyDown={(event) => onKeyDown(event, index)}
          >
            {tab.label}
          </button>
        ))}
      </div>
      {tabs.map((tab) => (
        <div
          key={tab.id}
          role="tabpanel"
          id={`${base}-${tab.id}-panel`}
          aria-labelledby={`${base}-${tab.id}-tab`}
          hidden={tab.id !== selected}
        >
          {children?.(tab)}
          {tab.note && <p className="eb-note">{tab.note}</p>}
          {tab.blocks.map((block) => (
            <CodeBlock key={block.label} label={block.label} code={block.code} onCopy={copy} />
          ))}
        </div>
      ))}
      <p className="eb-said" role="status" aria-live="polite">
        {said}
      </p>
    </div>
  );
}

function CodeBlock({
  label,
  code,
  onCopy,
}: {
  label: string;
  code: string;
  onCopy: (label: string, code: string, area: HTMLTextAreaElement | null) => void;
}) {
  const id = useId();
  const area = useRef<HTMLTextAreaElement>(null);
  return (
    <div className="eb-code">
      <label htmlFor={id}>{label}</label>
      <textarea id={id} ref={area} readOnly value={code} rows={Math.min(12, code.split("\n").length + 1)} spellCheck={false} />
      <button type="button" onClick={() => onCopy(label, code, area.current)}>
        Copy {label}
      </button>
    </div>
  );
}
