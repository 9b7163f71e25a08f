/**
 * A dialog's `onInteractOutside` that keeps it open when the tap or the focus went to a popper
 * opened from inside it (a combobox's list, a select, a menu), which Radix portals to the body.
 * React bubbles such events through the component tree, and Radix counts them as inside; Preact
 * (decision 041) bubbles them through the DOM only, so without this the dialog closed on a tap
 * on its own combobox's list.
 */
export function keepInsidePoppers<E extends Event>(handler?: (event: E) => void) {
  return (event: E) => {
    handler?.(event);
    const target = event.target;
    if (target instanceof Element && target.closest('[data-radix-popper-content-wrapper]')) {
      event.preventDefault();
    }
  };
}
