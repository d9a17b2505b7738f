import { useT } from '@/hooks/use-t';
import { OpenedView, useOpenedViewLink, viewQuery, type ViewLinkAddress } from '../views';
import { QUERY_INPUT_ID, QueryBox, taskQueryStore, useTaskQuery } from '../query';
import { ADD_FIELD_ID } from '../add';
import { SORT_OPTIONS } from './table/task-columns';

type Props = {
  /** The address the page opened with (viewLinkAddress), not the live one. */
  address: ViewLinkAddress;
  /** The watch list is loaded and has no task: the board (and its query box) is not there. */
  empty: boolean;
  onClose: () => void;
};

const NO_CODES: readonly number[] = [];
const noCodes = () => NO_CODES;

/**
 * A view link opened on the Tasks page (issue 39), loaded only then: the view (name, query, Save this view) above the
 * board, and with an empty watch list the query box and what the view shows and how to fill the list.
 */
export function OpenedViewPanel({ address, empty, onClose }: Props) {
  const [linked] = useOpenedViewLink(address.search, taskQueryStore.save);
  if (!linked) return null;
  const close = () => {
    onClose();
    // Close takes away the panel that holds the focus: it goes to the list's query box, or with no list to the add field.
    requestAnimationFrame(() => (document.getElementById(QUERY_INPUT_ID) ?? document.getElementById(ADD_FIELD_ID))?.focus());
  };
  return (
    <OpenedView view={linked} onClose={close}>
      {empty && <EmptyListView name={linked.name} all={viewQuery(linked) === ''} sharesIds={address.sharesIds} />}
    </OpenedView>
  );
}

function EmptyListView({ name, all, sharesIds }: { name: string; all: boolean; sharesIds: boolean }) {
  const t = useT();
  // The list's own query, as the board's box edits it (and the address's `q`).
  const [query, setQuery] = useTaskQuery();
  const shows = all ? t('tasks.views.linkedShowsAll', { name }) : t('tasks.views.linkedShows', { name });
  const fill = sharesIds ? t('tasks.views.fillFromLink') : t('tasks.views.fillList');
  return (
    <>
      <QueryBox query={query} onQuery={setQuery} codes={noCodes} sortOptions={SORT_OPTIONS} />
      <p>{t('tasks.views.linkedEmpty', { shows, fill })}</p>
    </>
  );
}
