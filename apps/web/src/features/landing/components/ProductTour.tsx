import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import { Button, Flex, Modal } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../language';

/**
 * The screens of the tour, in order. Each is a screenshot of the product in every language,
 * `public/tour/<language>/<screen>.webp`, made by tools/tour/capture.mjs (re-run it when a screen changes).
 */
export const TOUR_SCREENS = ['dashboard', 'inbox', 'training', 'products', 'customers'] as const;

interface ProductTourProps {
  open: boolean;
  onClose: () => void;
}

/**
 * "Watch demo": the product itself, one screenshot at a time with a caption, in the visitor's language.
 * Previous / Next buttons, a button per screen, and the arrow keys (which follow the reading direction).
 */
export function ProductTour({ open, onClose }: ProductTourProps) {
  const { t } = useTranslation();
  const { language, direction } = useLanguage();
  const [index, setIndex] = useState(0);
  const last = TOUR_SCREENS.length - 1;
  const screen = TOUR_SCREENS[index];
  const caption = t(`landing.tour.screens.${screen}`);
  const go = (next: number) => setIndex(Math.min(last, Math.max(0, next)));

  // The arrow keys turn the screens wherever the focus is while the tour is open (the dialog holds it).
  useEffect(() => {
    if (!open) return undefined;
    const onKeyDown = (event: KeyboardEvent) => {
      const forward = direction === 'rtl' ? 'ArrowLeft' : 'ArrowRight';
      const back = direction === 'rtl' ? 'ArrowRight' : 'ArrowLeft';
      if (event.key === forward) setIndex((i) => Math.min(last, i + 1));
      else if (event.key === back) setIndex((i) => Math.max(0, i - 1));
      else return;
      event.preventDefault();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [open, direction, last]);

  return (
    <Modal
      open={open}
      onCancel={onClose}
      afterClose={() => setIndex(0)}
      title={t('landing.tour.title')}
      footer={null}
      width="min(1000px, calc(100vw - 16px))"
      centered
      destroyOnHidden
      data-testid="product-tour"
      styles={{ body: { padding: 0 } }}
    >
      <Flex vertical gap="middle">
        <figure
          style={{ margin: 0 }}
          aria-roledescription={t('landing.tour.slide')}
          aria-label={t('landing.tour.position', { current: index + 1, total: TOUR_SCREENS.length })}
        >
          <img
            src={`/tour/${language}/${screen}.webp`}
            alt={caption}
            width={1280}
            height={800}
            data-testid="product-tour-image"
            style={{
              display: 'block',
              width: '100%',
              height: 'auto',
              aspectRatio: '1280 / 800',
              borderRadius: 8,
              border: '1px solid rgba(0, 0, 0, 0.08)',
            }}
          />
          <figcaption
            data-testid="product-tour-caption"
            aria-live="polite"
            style={{ margin: '12px 8px 0', textAlign: 'center', fontSize: 16 }}
          >
            {caption}
          </figcaption>
        </figure>
        <Flex align="center" justify="space-between" gap="small" wrap>
          <Button
            icon={direction === 'rtl' ? <RightOutlined aria-hidden /> : <LeftOutlined aria-hidden />}
            disabled={index === 0}
            onClick={() => go(index - 1)}
          >
            {t('landing.tour.previous')}
          </Button>
          <Flex gap={6} role="group" aria-label={t('landing.tour.screensLabel')}>
            {TOUR_SCREENS.map((name, i) => (
              <button
                key={name}
                type="button"
                aria-label={t(`landing.tour.names.${name}`)}
                aria-current={i === index ? 'step' : undefined}
                data-testid="product-tour-dot"
                onClick={() => go(i)}
                style={{
                  width: 12,
                  height: 12,
                  padding: 0,
                  borderRadius: '50%',
                  border: 'none',
                  cursor: 'pointer',
                  background: i === index ? '#1677ff' : 'rgba(0, 0, 0, 0.2)',
                }}
              />
            ))}
          </Flex>
          <Button
            type="primary"
            onClick={() => (index === last ? onClose() : go(index + 1))}
            icon={
              index === last ? undefined : direction === 'rtl' ? (
                <LeftOutlined aria-hidden />
              ) : (
                <RightOutlined aria-hidden />
              )
            }
            iconPlacement="end"
          >
            {t(index === last ? 'landing.tour.done' : 'landing.tour.next')}
          </Button>
        </Flex>
      </Flex>
    </Modal>
  );
}
