import { useLayoutEffect, useRef, useState, type DragEvent, type KeyboardEvent } from 'react';

/** `list` with the item at `from` moved to `to`. */
export function moveItem<T>(list: readonly T[], from: number, to: number): T[] {
  const next = [...list];
  if (from < 0 || from >= next.length || to < 0 || to >= next.length) return next;
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item as T);
  return next;
}

const KEY_MOVES: Record<string, (index: number, count: number) => number> = {
  ArrowUp: (index) => index - 1,
  ArrowLeft: (index) => index - 1,
  ArrowDown: (index) => index + 1,
  ArrowRight: (index) => index + 1,
  Home: () => 0,
  End: (_index, count) => count - 1,
};

/**
 * Reordering a list by dragging (HTML5 drag and drop, for pointers) and by keyboard (arrow keys,
 * Home and End on an item's handle). `keys` identify the items in their current order;
 * `onMove(from, to)` is called once per move. A handle moved by keyboard keeps the focus.
 */
export function useDragReorder(
  keys: readonly string[],
  onMove: (from: number, to: number) => void,
) {
  const [dragged, setDragged] = useState<number | null>(null);
  const [target, setTarget] = useState<number | null>(null);
  const handles = useRef(new Map<string, HTMLElement>());
  const refocus = useRef<string | null>(null);
  const order = keys.join('\n');
  const lastOrder = useRef(order);

  // Moving a focused element in the page drops its focus; give it back once the list is redrawn.
  useLayoutEffect(() => {
    if (order === lastOrder.current) return;
    lastOrder.current = order;
    const key = refocus.current;
    refocus.current = null;
    if (key) handles.current.get(key)?.focus();
  }, [order]);

  const end = () => {
    setDragged(null);
    setTarget(null);
  };

  const dragStart = (index: number) => (event: DragEvent<HTMLElement>) => {
    setDragged(index);
    event.dataTransfer.effectAllowed = 'move';
    // Firefox starts a drag only when something is set.
    event.dataTransfer.setData('text/plain', String(index));
    // Dragged by its handle, the whole item is what moves.
    const item = event.currentTarget.closest('[data-reorder-item]');
    if (item && item !== event.currentTarget) event.dataTransfer.setDragImage(item, 24, 24);
  };

  /**
   * Spread on each item of the list: where a dragged item can be dropped. With `wholeItem` the
   * item itself can be dragged too (not for items holding text fields, whose text could then
   * not be selected with the mouse).
   */
  const itemProps = (index: number, wholeItem = false) => ({
    'data-reorder-item': '',
    'data-dragging': dragged === index ? 'true' : undefined,
    'data-drop-target': target === index && dragged !== index ? 'true' : undefined,
    ...(wholeItem ? { draggable: true, onDragStart: dragStart(index), onDragEnd: end } : {}),
    onDragOver: (event: DragEvent) => {
      if (dragged === null) return;
      event.preventDefault();
      event.dataTransfer.dropEffect = 'move';
      if (target !== index) setTarget(index);
    },
    onDrop: (event: DragEvent) => {
      if (dragged === null) return;
      event.preventDefault();
      if (dragged !== index) onMove(dragged, index);
      end();
    },
  });

  /** Spread on each item's handle. */
  const handleProps = (index: number) => {
    const key = keys[index] ?? '';
    return {
      draggable: true,
      onDragStart: dragStart(index),
      onDragEnd: end,
      ref: (element: HTMLElement | null) => {
        if (element) handles.current.set(key, element);
        else handles.current.delete(key);
      },
      onKeyDown: (event: KeyboardEvent) => {
        const to = KEY_MOVES[event.key]?.(index, keys.length);
        if (to === undefined) return;
        event.preventDefault();
        if (to < 0 || to >= keys.length || to === index) return;
        refocus.current = key;
        onMove(index, to);
      },
    };
  };

  /** For buttons that move an item: the focus stays on the item's handle. */
  const moveKeepingFocus = (from: number, to: number) => {
    if (to < 0 || to >= keys.length || to === from) return;
    refocus.current = keys[from] ?? null;
    onMove(from, to);
  };

  return { itemProps, handleProps, moveKeepingFocus };
}
