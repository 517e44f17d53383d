import { useQuery } from '@tanstack/react-query';
import { useLocation } from 'react-router';
import { sittingStateQuery } from '../api/get-sitting-state.js';
import { LanguageSwitch } from './LanguageChoice.js';

/** The olympiad and the step of a learner page's address (`/{olympiadName}/olympiad/{step…}`). */
const SITTING_PAGE = /^\/([^/]+)\/olympiad\/([^/]+)/;

/**
 * The switch between the olympiad's two languages, in the learner shell's header on every sitting page but the
 * instructions (which has its own choice): it reads the sitting's state the page already asked for, and asks
 * nothing itself.
 */
export function HeaderLanguage() {
  const { pathname } = useLocation();
  const sitting = SITTING_PAGE.exec(pathname);
  const olympiadName = sitting ? decodeURIComponent(sitting[1]!) : '';
  const state = useQuery({ ...sittingStateQuery(olympiadName), enabled: false });
  if (!sitting || sitting[2] === 'instructions' || !state.data) return null;
  return <LanguageSwitch state={state.data} olympiadName={olympiadName} />;
}
