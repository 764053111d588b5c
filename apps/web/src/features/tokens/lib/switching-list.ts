/** The states of a list's query that tell whether it has an answer of its own yet. */
interface ListState {
  isPending: boolean;
  isPlaceholderData: boolean;
}

/**
 * Whether a list drawn from a deferred copy of its query (`useDeferredValue`: the token table,
 * the sliders) shows another list's rows: the query has moved on to a new filter or chain and
 * has no answer of its own yet (pending, or an older search's placeholder), while the copy drawn
 * still has the last list the transition finished. Those rows are dimmed and the list busy
 * until the new one is drawn.
 *
 * The copy lags on every render (TanStack Query gives a new result object each time), so its
 * identity alone says nothing: a refresh of the same list (every second) is not a switch, and
 * dimming it would make the rows flicker each second. Drawn skeletons (a pending copy) have
 * nothing to dim.
 */
export function switchingList(query: ListState, drawn: ListState): boolean {
  return query !== drawn && !drawn.isPending && (query.isPending || query.isPlaceholderData);
}
