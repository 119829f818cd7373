import type { ReactNode } from "react";
import { useRef } from "react";
import { useDrag, useDrop } from "react-aria";
import { type AppointmentMove, type GridCell, moveOf } from "./day-grid.ts";
import { type Block, BlockSchema } from "./day-view.ts";
import * as v from "valibot";

/** The dragged appointment's type: only blocks of this grid are dropped on its slots. */
const BLOCK_TYPE = "application/x-booking-admin-block";

/** An appointment's block, dragged with react-aria (mouse, touch and its accessible drag mode). */
export function DraggableBlock({ block, draggable, children }: { block: Block; draggable: boolean; children: ReactNode }) {
  const { dragProps, isDragging } = useDrag({
    isDisabled: !draggable,
    getItems: () => [{ [BLOCK_TYPE]: JSON.stringify(block), "text/plain": block.title ?? "" }],
    getAllowedDropOperations: () => ["move"],
  });
  if (!draggable) return <>{children}</>;
  return (
    <div {...dragProps} tabIndex={-1} className={`admin-drag${isDragging ? " admin-drag--dragging" : ""}`}>
      {children}
    </div>
  );
}

/** A slot as a drop target: a dropped block means the move moveOf reads (day-grid.ts). */
export function useDropCell(cell: GridCell, onMove: ((move: AppointmentMove) => void) | null) {
  const ref = useRef<HTMLTableCellElement>(null);
  const { dropProps, isDropTarget } = useDrop({
    ref,
    isDisabled: !onMove,
    getDropOperation: (types) => (types.has(BLOCK_TYPE) ? "move" : "cancel"),
    async onDrop(event) {
      for (const item of event.items) {
        if (item.kind !== "text" || !item.types.has(BLOCK_TYPE)) continue;
        const block = v.safeParse(BlockSchema, JSON.parse(await item.getText(BLOCK_TYPE)));
        const move = block.success ? moveOf(block.output, cell) : null;
        if (move && onMove) onMove(move);
      }
    },
  });
  return { dropProps, isDropTarget, ref };
}
