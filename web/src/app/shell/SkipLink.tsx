import { useT } from '../../lib/i18n/index.js';
import classes from './SkipLink.module.css';

export const MAIN_ID = 'main-content';

/** The first focusable element of every page. */
export function SkipLink() {
  const t = useT();
  return (
    <a href={`#${MAIN_ID}`} className={classes.skip}>
      {t('learner.skipToMain')}
    </a>
  );
}
