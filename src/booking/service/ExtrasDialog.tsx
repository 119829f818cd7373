import { useEffect, useRef, useState } from "react";
import type { Provider, Service } from "../../contract/schemas/index.ts";
import { LaterScreen } from "../../kernel/later/LaterScreen.tsx";
import { openModal } from "../../ui/open-modal.ts";
import { defaultExtras, ExtrasDialogView } from "./ExtrasDialogView.tsx";

interface ExtrasDialogProps {
  provider: Provider;
  service: Service;
  onChoose(extraServiceIds: number[]): void;
  onCancel(): void;
}

/** Spec §2/§4: a service with children asks which extra services to add (lazy chunk). */
export default function ExtrasDialog(props: ExtrasDialogProps) {
  return (
    <LaterScreen>
      <Extras {...props} />
    </LaterScreen>
  );
}

function Extras({ provider, service, onChoose, onCancel }: ExtrasDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const [ticked, setTicked] = useState<number[]>(() => defaultExtras(service));

  useEffect(() => openModal(ref.current), []);
  const close = (then: () => void) => {
    ref.current?.close?.();
    then();
  };

  return (
    <ExtrasDialogView
      provider={provider}
      service={service}
      ticked={ticked}
      dialogRef={ref}
      on={{
        toggle: (id) => setTicked((now) => (now.includes(id) ? now.filter((other) => other !== id) : [...now, id])),
        cancel: () => close(onCancel),
        choose: () => close(() => onChoose(ticked)),
      }}
    />
  );
}
