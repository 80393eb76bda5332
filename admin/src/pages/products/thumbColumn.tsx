// The picture column of the product lists (products, low stock): a small copy, or an empty square.
import type { Column } from '../../components/common/DataTable';
import { thumbUrl } from './thumb';

export function thumbColumn<Row>(header: string, url: (row: Row) => string | null): Column<Row> {
  return {
    header,
    hideHeader: true,
    unlabelled: true,
    cellClassName: 'adm-thumb-cell',
    cell: (row) => {
      const src = url(row);
      return src ? <img src={thumbUrl(src)} alt="" width={48} height={48} loading="lazy" /> : <span className="adm-thumb-empty" aria-hidden="true" />;
    },
  };
}
