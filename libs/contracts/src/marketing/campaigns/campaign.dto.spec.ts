import { validateDto } from '../../validation/validate-dto';
import { CampaignDto } from './campaign.dto';

const valid = { name: 'Spring sale', subject: '20% off everything', htmlContent: '<h1>Sale</h1>' };

describe('CampaignDto', () => {
  it('accepts a draft with only the required fields', () => {
    expect(validateDto(CampaignDto, valid)).toMatchObject({ ok: true, value: valid });
  });

  it('accepts a template id and a schedule', () => {
    const body = {
      ...valid,
      textContent: 'Sale',
      templateId: 'tpl-1',
      scheduledAt: '2030-03-01T09:00:00.000Z',
    };
    expect(validateDto(CampaignDto, body)).toMatchObject({ ok: true, value: body });
  });

  it.each([
    [{ ...valid, name: '' }, 'Campaign name is required'],
    [{ ...valid, subject: undefined }, 'Subject is required'],
    [{ ...valid, htmlContent: ' ' }, 'Email content is required'],
    [{ ...valid, templateId: 12 }, 'Template ID must be text'],
    [{ ...valid, scheduledAt: 'next monday' }, 'Scheduled time must be an ISO 8601 date and time'],
    [{ ...valid, scheduledAt: '2030-02-30T09:00:00Z' }, 'Scheduled time must be an ISO 8601 date and time'],
    [{ ...valid, status: 'sent' }, 'Unknown field "status"'],
  ])('refuses %j: %s', (body, message) => {
    expect(validateDto(CampaignDto, body)).toMatchObject({ ok: false, message });
  });
});
