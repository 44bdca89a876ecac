import type { CampaignResponse, CampaignResultsResponse } from '@parley/contracts';
import { Alert, Card, Col, Modal, Row, Skeleton, Statistic } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../language';
import { useEmailCampaignResultsQuery } from '../api';

/** The figures shown, in order (docs/email.md, "Results"); each but sent and delivered with its share of delivered. */
const FIGURES = ['sent', 'delivered', 'opened', 'clicked', 'bounced', 'unsubscribed'] as const;
const SHARE_OF_DELIVERED: readonly (typeof FIGURES)[number][] = ['opened', 'clicked', 'unsubscribed'];

/** A campaign's results: sent, delivered, opened, clicked, bounced and unsubscribed, read afresh on opening. */
export function CampaignResultsDialog({
  campaign,
  onClose,
}: {
  /** The campaign shown; null when closed. */
  campaign: CampaignResponse | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const results = useEmailCampaignResultsQuery(campaign?.id ?? '', {
    skip: campaign === null,
    refetchOnMountOrArgChange: true,
  });
  const count = new Intl.NumberFormat(language);
  const percent = new Intl.NumberFormat(language, { style: 'percent', maximumFractionDigits: 1 });
  const shareOf = (data: CampaignResultsResponse, value: number) =>
    data.delivered > 0 ? `(${percent.format(value / data.delivered)})` : undefined;

  return (
    <Modal
      open={campaign !== null}
      onCancel={onClose}
      title={t('emailMarketing.campaigns.results.title', { name: campaign?.name ?? '' })}
      footer={null}
      width={640}
      data-testid="campaign-results"
    >
      {results.isError ? (
        <Alert type="error" showIcon title={t('emailMarketing.campaigns.results.loadFailed')} />
      ) : !results.data ? (
        <Skeleton active />
      ) : (
        <Row gutter={[12, 12]}>
          {FIGURES.map((key) => {
            const data = results.data as CampaignResultsResponse;
            return (
              <Col key={key} xs={12} sm={8}>
                <Card size="small" data-testid={`campaign-results-${key}`}>
                  <Statistic
                    title={t(`emailMarketing.campaigns.results.${key}`)}
                    value={count.format(data[key])}
                    valueRender={() => (
                      <span data-testid={`campaign-results-${key}-value`}>{count.format(data[key])}</span>
                    )}
                    suffix={SHARE_OF_DELIVERED.includes(key) ? shareOf(data, data[key]) : undefined}
                  />
                </Card>
              </Col>
            );
          })}
        </Row>
      )}
    </Modal>
  );
}
