import type { DataTableColumn } from 'mantine-datatable';

/** The offer's contract, which a trade without an offer does not have. */
export const contractColumn = <T extends { selling_contract_name: string | null }>(
  title: string,
): DataTableColumn<T> => ({
  accessor: 'selling_contract_name',
  title,
  render: (r) => r.selling_contract_name ?? '—',
});
