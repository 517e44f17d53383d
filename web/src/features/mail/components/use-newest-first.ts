import { useEffect, useRef } from 'react';
import type { useListParams } from '../../../components/PagedTable.js';

/** Lists of messages open newest first: flips the initial sort once (the table's arrow shows it). */
export function useNewestFirst(list: ReturnType<typeof useListParams>) {
  const done = useRef(false);
  useEffect(() => {
    if (done.current) return;
    done.current = true;
    if (list.order === 'asc') list.toggleSort(list.sort);
  }, [list]);
}
