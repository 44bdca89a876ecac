import { theme } from 'antd';
import { PHONE_SCREEN, useMediaQuery } from '../../../shared/hooks/use-media-query';
import { useLanguage } from '../../language';

/**
 * What every report chart shares: in Arabic the time runs right to left (the x axis reversed) and the values
 * stand on the right; on a phone the labels are smaller and fewer; colours and text are antd's tokens.
 */
export function useChartLook() {
  const { direction, language } = useLanguage();
  const narrow = useMediaQuery(PHONE_SCREEN);
  const { token } = theme.useToken();
  const rtl = direction === 'rtl';
  const count = new Intl.NumberFormat(language, { notation: 'compact' });
  return {
    rtl,
    narrow,
    language,
    colors: [token.colorPrimary, token.colorSuccess, token.colorWarning],
    tick: { fill: token.colorTextSecondary, fontSize: narrow ? 11 : 12 },
    grid: token.colorBorderSecondary,
    tooltip: {
      contentStyle: {
        background: token.colorBgElevated,
        border: `1px solid ${token.colorBorderSecondary}`,
        borderRadius: token.borderRadius,
        direction,
      },
    },
    /** The y axis: on the right in Arabic, compact numbers ("1.2K", "١٫٢ ألف"), whole ones only. */
    yAxis: {
      orientation: rtl ? ('right' as const) : ('left' as const),
      allowDecimals: false,
      width: narrow ? 36 : 48,
      tickFormatter: (value: number) => count.format(value),
    },
  };
}
