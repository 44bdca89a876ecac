import { ArrowLeftOutlined, ArrowRightOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useLanguage } from '../../language';

/** A phone's way back to the previous pane; the arrow points back the way the page reads. */
export function BackButton({
  label,
  testId,
  onClick,
}: {
  label: string;
  testId: string;
  onClick: () => void;
}) {
  const { direction } = useLanguage();
  return (
    <Button
      type="text"
      icon={direction === 'rtl' ? <ArrowRightOutlined aria-hidden /> : <ArrowLeftOutlined aria-hidden />}
      aria-label={label}
      title={label}
      data-testid={testId}
      onClick={onClick}
    />
  );
}
