import { type CSSProperties, useRef } from "react";
import { useDrag, useDrop } from "react-aria";
import { type AppointmentMove, type GridCell, moveOf } from "./day-grid.ts";
import { type Block, BlockSchema } from "./day-view.ts";
import * as v from "valibot";

/** The dragged appointment's type: only blocks of this grid are dropped on its slots. */
const BLOCK_TYPE = "application/x-booking-admin-block";

/**
 * A block as drawn over the slots it covers (its words are the cell's name already, so it
 * is hidden from assistive technology); an appointment's is dragged with react-aria.
 */
export function BlockView({ block, draggable, rows, words }: { block: Block; draggable: boolean; rows: number; words: string }) {
  const { dragProps, isDragging } = useDrag({
    isDisabled: !draggable,
    getItems: () => [{ [BLOCK_TYPE]: JSON.stringify(block), "text/plain": block.title ?? "" }],
    getAllowedDropOperations: () => ["move"],
  });
  const classes = ["admin-block", `admin-block--${block.kind}`, `admin-block--${block.state ?? "none"}`];
  if (draggable) classes.push("admin-drag");
  if (isDragging) classes.push("admin-drag--dragging");
  return (
    <div
      {...(draggable ? dragProps : {})}
      tabIndex={-1}
      className={classes.join(" ")}
      style={{ "--rows": rows } as CSSProperties}
      aria-hidden="true"
    >
      {words}
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
