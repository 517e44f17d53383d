/** The query of every paged list (DESIGN §2): page, pageSize, search, sort, order. */
export interface ListParams {
  page: number;
  pageSize: number;
  search?: string | undefined;
  sort?: string | undefined;
  order?: 'asc' | 'desc' | undefined;
}
