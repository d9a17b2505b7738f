import type { Translate } from '@/i18n/i18n-store';
import type { ViewProblem } from './saved-views-store';

/** A refusal of the saved-views store in the operator's words (docs/query-language.md, "Saved-view refusals"). */
export function viewProblemText(problem: ViewProblem, t: Translate): string {
  switch (problem.code) {
    case 'tooManyViews':
      return t('tasks.views.problem.tooManyViews', { max: problem.max });
    case 'emptyName':
      return t('tasks.views.problem.emptyName');
    case 'nameTooLong':
      return t('tasks.views.problem.nameTooLong', { max: problem.max });
    case 'duplicateName':
      return t('tasks.views.problem.duplicateName', { name: problem.name });
    case 'queryTooLong':
      return t('tasks.views.problem.queryTooLong', { max: problem.max });
    case 'noSuchView':
      return t('tasks.views.problem.noSuchView');
  }
}
