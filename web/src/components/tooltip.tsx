// A short tip (a student's name) shown beside a control on hover and on
// keyboard focus, placed by Floating UI so it stays inside the viewport. It is
// for sighted students who see only initials; the control's accessible name
// already carries the same words, and the tip is linked as its description
// (role "tooltip") while shown. Rendered next to the control rather than in a
// portal, so it stays inside the page's landmarks.
import {
  autoUpdate,
  flip,
  offset,
  shift,
  useDismiss,
  useFloating,
  useFocus,
  useHover,
  useInteractions,
  useRole,
  type Placement,
} from '@floating-ui/react';
import { useState, type ReactNode } from 'react';
import styles from './tooltip.module.css';

interface TooltipOptions {
  /** Off while what the control opened sits beside it (a menu, a profile card). */
  disabled?: boolean;
  /** An extra class for the tip, e.g. to hide it where the same text is on screen. */
  className?: string;
  placement?: Placement;
}

const EDGE = 8;

/** Spread `getReferenceProps(ownProps)` on the control and give it `setReference` as its ref; render `tip` anywhere. */
export function useTooltip(label: string, { disabled = false, className = '', placement = 'top' }: TooltipOptions = {}) {
  const [open, setOpen] = useState(false);
  if (disabled && open) setOpen(false);
  // floating-ui's setters are callback refs (stable functions), not ref objects read during render.
  const {
    refs: { setReference, setFloating },
    floatingStyles,
    context,
  } = useFloating({
    open: open && !disabled,
    onOpenChange: setOpen,
    placement,
    middleware: [offset(6), flip({ padding: EDGE }), shift({ padding: EDGE })],
    whileElementsMounted: autoUpdate,
  });
  const enabled = !disabled;
  const { getReferenceProps, getFloatingProps } = useInteractions([
    // A short wait, so moving the pointer along a row of initials does not flash every name.
    useHover(context, { enabled, move: false, delay: { open: 120, close: 0 } }),
    useFocus(context, { enabled }),
    useDismiss(context, { enabled }),
    useRole(context, { enabled, role: 'tooltip' }),
  ]);

  const tip: ReactNode =
    open && !disabled ? (
      <div ref={setFloating} className={`${styles.tip} ${className}`} style={floatingStyles} {...getFloatingProps()}>
        {label}
      </div>
    ) : null;
  return { setReference, getReferenceProps, tip };
}
