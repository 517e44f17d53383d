import classes from './SkipLink.module.css';

export const MAIN_ID = 'main-content';

/** The first focusable element of every page. */
export function SkipLink() {
  return (
    <a href={`#${MAIN_ID}`} className={classes.skip}>
      Skip to main content
    </a>
  );
}
