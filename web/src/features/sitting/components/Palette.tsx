import { Link } from 'react-router';
import type { LearnerModule } from '#contract/index';
import { isAnswered, type AnswerState } from '../outbox/snapshot.js';
import type { PaperItem } from '../paper-model.js';
import { questionPath } from '../steps.js';
import { useT } from '../../../lib/i18n/index.js';
import classes from './paper.module.css';

interface PaletteProps {
  olympiadName: string;
  modules: LearnerModule[];
  items: PaperItem[];
  answers: ReadonlyMap<number, AnswerState>;
  current?: PaperItem | null;
  onPick?: () => void;
}

/** Every question at a glance: answered, not answered, flagged, and where you are. */
export function Palette({ olympiadName, modules, items, answers, current, onPick }: PaletteProps) {
  const t = useT();
  return (
    <nav aria-label={t('learner.palette.all')} className={classes.palette}>
      <ul className={classes.paletteKey} aria-label={t('learner.palette.key')}>
        <li>
          <span className={`${classes.cell} ${classes.cellAnswered}`} aria-hidden="true">
            1
          </span>
          {t('learner.palette.answered')}
        </li>
        <li>
          <span className={classes.cell} aria-hidden="true">
            2
          </span>
          {t('learner.palette.notAnswered')}
        </li>
        <li>
          <span className={`${classes.cell} ${classes.cellFlagged}`} aria-hidden="true">
            3
          </span>
          {t('learner.palette.flagged')}
        </li>
      </ul>
      {modules.map((module, moduleIndex) => {
        const own = items.filter((item) => item.moduleIndex === moduleIndex);
        return (
          <div key={module.id} className={classes.paletteModule}>
            <h2 className={classes.paletteTitle} id={`palette-m${moduleIndex}`}>
              {t('learner.paper.sectionTitle', { number: moduleIndex + 1, title: module.title })}
            </h2>
            <ul className={classes.paletteGrid} aria-labelledby={`palette-m${moduleIndex}`}>
              {own.map((item) => {
                const answer = answers.get(item.question.id);
                const answered = isAnswered(answer?.value);
                const flagged = answer?.flagged ?? false;
                const isCurrent = current?.question.id === item.question.id;
                const label = t(flagged ? 'learner.palette.cellFlagged' : 'learner.palette.cell', {
                  number: item.number,
                  answered: answered ? 'yes' : 'no',
                });
                return (
                  <li key={item.question.id}>
                    <Link
                      to={questionPath(olympiadName, item.moduleIndex, item.questionIndex)}
                      className={`${classes.cell} ${answered ? classes.cellAnswered : ''} ${flagged ? classes.cellFlagged : ''} ${isCurrent ? classes.cellCurrent : ''}`}
                      aria-label={label}
                      aria-current={isCurrent ? 'step' : undefined}
                      onClick={onPick}
                    >
                      {item.number}
                    </Link>
                  </li>
                );
              })}
            </ul>
          </div>
        );
      })}
    </nav>
  );
}
