/**
 * Move up, Move down and Remove for one item of a list (a field, a choice, a marketing preference): real buttons, so
 * a list is reordered from the keyboard as well as by pointer (issue 33 item 2, "not drag alone"). Each says which
 * item it acts on to a screen reader; focus stays with the item that moved (focus.ts).
 */
export interface ItemActionsProps {
  /** The DOM id its buttons' ids start with. */
  id: string;
  /** The item as a screen reader hears it after the button's words: 'field 2 (First Name)'. */
  name: string;
  canUp: boolean;
  canDown: boolean;
  onMove: (dir: -1 | 1) => void;
  onRemove: () => void;
  removeLabel: string;
}

export function ItemActions(p: ItemActionsProps) {
  return (
    <div className="item-actions">
      <button
        type="button"
        id={p.id + '-up'}
        className="secondary small"
        disabled={!p.canUp}
        onClick={() => p.onMove(-1)}
      >
        Move up<span className="vh"> {p.name}</span>
      </button>
      <button
        type="button"
        id={p.id + '-down'}
        className="secondary small"
        disabled={!p.canDown}
        onClick={() => p.onMove(1)}
      >
        Move down<span className="vh"> {p.name}</span>
      </button>
      <button type="button" id={p.id + '-remove'} className="secondary small danger" onClick={p.onRemove}>
        {p.removeLabel}
        <span className="vh"> {p.name}</span>
      </button>
    </div>
  );
}
