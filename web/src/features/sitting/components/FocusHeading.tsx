import { useEffect, useRef, type ReactNode } from 'react';
import classes from '../sitting.module.css';

/** The page's h1, focused when the page opens (or `focusKey` changes) so a screen reader starts here. */
export function FocusHeading({ children, id, focusKey }: { children: ReactNode; id?: string; focusKey?: string }) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    ref.current?.focus({ preventScroll: false });
  }, [focusKey]);
  return (
    <h1 ref={ref} id={id} tabIndex={-1} className={classes.heading}>
      {children}
    </h1>
  );
}
