import { section } from '../text-types.js';

/** The futures positions table: its heading, column names (also the labels of the stacked phone layout), sides and margin modes. */
export const positionsTable = section(
  {
    heading: 'Positions',
    columns: {
      symbol: 'symbol',
      side: 'side',
      margin: 'margin',
      size: 'size',
      entry: 'entry',
      mark: 'mark',
      pnl: 'unrealised PnL',
      roe: 'ROE',
      liquidation: 'liq. price',
    },
    side: { long: 'Long', short: 'Short' },
    /** The margin mode with the leverage (an LTR island such as "20×"), in the language's word order. */
    margin: {
      isolated: (leverage: string) => `Isolated ${leverage}`,
      cross: (leverage: string) => `Cross ${leverage}`,
    },
  },
  {
    heading: 'المراكز',
    columns: {
      symbol: 'الرمز',
      side: 'الاتجاه',
      margin: 'الهامش',
      size: 'الحجم',
      entry: 'سعر الدخول',
      mark: 'سعر العلامة',
      pnl: 'الربح والخسارة غير المحققة',
      roe: 'العائد على الهامش',
      liquidation: 'سعر التصفية',
    },
    side: { long: 'شراء', short: 'بيع' },
    margin: {
      isolated: (leverage: string) => `معزول ${leverage}`,
      cross: (leverage: string) => `متقاطع ${leverage}`,
    },
  },
);
